import { createHash, randomBytes } from 'node:crypto';
import {
  AuthToken,
  Catalog,
  CatalogItem,
  Charge,
  CollectionMember,
  DataExport,
  FeaturePage,
  Gift,
  Highlight,
  Newsletter,
  Note,
  NoteReply,
  OAuthApplication,
  Post,
  PostTag,
  User,
} from '@quire/db';
import { monthDayYearSlug, quireRoutes, samplePathFor } from '@quire/domain';
import { emailSettingsUrl } from '@quire/mail';
import { comingSoonFor } from '@quire/reader/server';
import { DEMO, seedDemo } from '@quire/seed';
import { buildSession } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emailLinkSigner, loadConfig } from '../src/config';
import {
  coveredTitles,
  horizontalOverflow,
  imagesWithoutPixels,
  seriousViolations,
  VIEWPORTS,
} from './checks';
import { useBrowserApp } from './harness';

/*
 * Issue 15: every real page of the route table (spec §2), at 1280 and 375 px in Chromium, on the demo data. A
 * path is a real page when the reader serves it (comingSoonFor answers nothing) and it is not a redirect. Each
 * page must not scroll sideways, log no error, pass axe-core with no serious or critical violation, and show
 * every picture with pixels. New pages join the sweep on their own: their path is made from the demo data below.
 */

/** Real pages the sweep leaves out on purpose, each with the reason (none at present). */
const SKIPPED: Record<string, string> = {};

/** A page that shows only its sign-in prompt to a visitor is visited signed in as the demo writer. */
const SIGN_IN_PROMPT = 'main h1:text-matches("^Sign in to see")';

/** Values for the route table's {placeholders}, made from the demo (filled in once it is seeded). */
interface Samples {
  /** The demo's fixed story (in no publication) and its writer, who is also the signed-in reader. */
  username: string;
  storySlug: string;
  storyId: string;
  /** A story of a publication, with its writer, its first topic and its day. */
  collectionSlug: string;
  /** That publication's id (/c/{collectionId} answers 301 to it). */
  collectionId: string;
  collectionStorySlug: string;
  collectionWriter: string;
  tagSlug: string;
  day: Date;
  listSlugId: string;
  quoteId: string;
  sequenceSlug: string;
  seriesId: string;
  noteId: string;
  replyId: string;
  exportId: string;
  chargeId: string;
  giftCode: string;
  /** A usable /m/account/convert/{token} link's token. */
  convertToken: string;
  /** The sample publication's newsletter (its landing, settings, compose and stats pages). */
  newsletterSlug: string;
  newsletterId: string;
  /** An OAuth application of the demo writer's (its page, and the consent screen it asks for). */
  applicationId: string;
  clientId: string;
  /** The signed /me/email-settings link of the demo writer (path and query). */
  emailSettingsPath: string;
  session: string;
}

let samples: Samples | undefined;

const e2e = useBrowserApp({
  seed: async (db, { media }) => {
    await seedDemo(db.orm, { media });
    const em = db.em();
    const writer = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    const inPublication = await em.findOneOrFail(
      Post,
      {
        collection: { slug: { $in: [...DEMO.publicationSlugs] } },
        status: 'PUBLISHED',
        visibility: 'PUBLIC',
        isLocked: false,
        inResponseToPost: null,
      },
      { populate: ['collection', 'creator'], orderBy: { firstPublishedAt: 'desc' } },
    );
    const tag = await em.findOneOrFail(PostTag, { post: inPublication }, { populate: ['tag'] });
    // The signed-in writer edits that publication, so its back office pages have someone to show them to.
    const publication = inPublication.collection!;
    if (!(await em.count(CollectionMember, { collection: publication, user: writer })))
      em.create(CollectionMember, { collection: publication, user: writer, role: 'EDITOR' });
    // A feature page at the topic's slug, so /{collectionSlug}/{topicSlug}/home and its edit page have one.
    em.create(FeaturePage, {
      collection: publication,
      slug: tag.tag.slug,
      title: tag.tag.name,
      postIds: [inPublication.id],
    });
    // A list, an export and a receipt of the signed-in writer, so their pages have something to show.
    const list = em.create(Catalog, { creator: writer, name: 'Weekend reading', slug: 'weekend-reading' });
    em.create(CatalogItem, { catalog: list, itemType: 'POST', post: inPublication, position: 0 });
    list.itemsCount = 1;
    const dataExport = em.create(DataExport, {
      user: writer,
      status: 'READY',
      progress: 100,
      finishedAt: new Date(),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
    const charge = em.create(Charge, {
      user: writer,
      amount: 500,
      currency: 'USD',
      status: 'SUCCEEDED',
      provider: 'STRIPE',
      cardBrand: 'VISA',
      last4: '4242',
      receiptNumber: '1000-0001',
      description: 'Quire membership',
    });
    // A published series of the writer's, for the series pages.
    const series = em.create(Catalog, {
      creator: writer,
      name: 'A walk in parts',
      slug: 'a-walk-in-parts',
      type: 'SERIES',
      visibility: 'PUBLIC',
      publishedAt: new Date(),
    });
    // The sample publication's newsletter, which the signed-in writer (its editor) manages.
    const newsletter = em.create(Newsletter, {
      name: 'The sample letter',
      slug: 'the-sample-letter',
      type: 'COLLECTION',
      collection: inPublication.collection!,
      description: 'Our best stories, by email.',
    });
    // An OAuth application the signed-in writer registered.
    const application = em.create(OAuthApplication, {
      owner: writer,
      name: 'Sample client',
      redirectUris: ['https://client.example/callback'],
      clientId: 'qc_everypagesampleclient0000000001',
      clientSecretHash: createHash('sha256').update('sample secret').digest('hex'),
    });
    // A highlight of the demo story, for its quote page.
    const story = await em.findOneOrFail(Post, DEMO.story.id);
    const quoted = story.content.paragraphs.find((p) => p.type === 'P' && p.text.length > 20)!;
    const highlight = em.create(Highlight, {
      user: writer,
      post: story,
      paragraphName: quoted.name,
      startOffset: 0,
      endOffset: 12,
      quote: quoted.text.slice(0, 12),
    });
    // A gift another writer bought, for /redeem-gift?giftCode=.
    const giver = await em.findOneOrFail(User, { username: DEMO.partnerUsername });
    // A private note on the demo story between the signed-in writer and another writer, and a reply in it.
    const noteAuthor = story.creator.id === writer.id ? giver : writer;
    const note = em.create(Note, {
      user: noteAuthor,
      post: story,
      paragraphName: quoted.name,
      startOffset: 0,
      endOffset: 12,
      quote: quoted.text.slice(0, 12),
      content: 'A private note.',
    });
    const noteReply = em.create(NoteReply, { note, user: noteAuthor, content: 'And a reply.' });
    const paid = em.create(Charge, {
      user: giver,
      amount: 5000,
      currency: 'USD',
      status: 'SUCCEEDED',
      provider: 'STRIPE',
      receiptNumber: '1000-0002',
      description: 'Quire gift membership',
    });
    const gift = em.create(Gift, {
      purchaser: giver,
      type: 'GIFT',
      productId: 29,
      code: 'EVERYPAGEGIFT',
      charge: paid,
    });
    // A reader who signs in through a connected account, and the mailed link that adds a password (its form).
    const convertToken = randomBytes(32).toString('base64url');
    const convertReader = em.create(User, {
      name: 'Connected Reader',
      username: 'connectedreader',
      email: 'connected.reader@example.com',
    });
    em.create(AuthToken, {
      kind: 'ACCOUNT_CONVERT',
      tokenHash: createHash('sha256').update(convertToken).digest('hex'),
      email: convertReader.email,
      user: convertReader,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await em.flush();
    const settingsLink = new URL(
      emailSettingsUrl(emailLinkSigner(loadConfig({ NODE_ENV: 'test' })), writer.id, 'emailFollower'),
    );
    samples = {
      username: writer.username,
      storySlug: DEMO.story.uniqueSlug,
      storyId: DEMO.story.id,
      collectionSlug: inPublication.collection!.slug,
      collectionId: inPublication.collection!.id,
      collectionStorySlug: inPublication.uniqueSlug,
      collectionWriter: inPublication.creator.username,
      tagSlug: tag.tag.slug,
      day: inPublication.firstPublishedAt!,
      listSlugId: `${list.slug}-${list.id}`,
      quoteId: highlight.id,
      sequenceSlug: `${series.slug}-${series.id}`,
      seriesId: series.id,
      noteId: note.id,
      replyId: noteReply.id,
      exportId: dataExport.id,
      chargeId: charge.id,
      giftCode: gift.code,
      convertToken,
      emailSettingsPath: settingsLink.pathname + settingsLink.search,
      applicationId: application.id,
      clientId: application.clientId,
      newsletterSlug: newsletter.slug,
      newsletterId: newsletter.id,
      session: await buildSession(em, writer),
    };
  },
});

/** A concrete path for a route pattern, from the demo's data; a sample search for the search pages. */
function pathFor(pattern: string, s: Samples): string {
  if (pattern === '/me/email-settings/{userId}/{hash}') return s.emailSettingsPath;
  const inCollection = pattern.includes('{collectionSlug}');
  const values: Record<string, string> = {
    username: inCollection ? s.collectionWriter : s.username,
    // Under /p/ a story is named by its id (the story page and its responses pages); /series/{postId} names a series.
    postId: pattern.startsWith('/series/')
      ? s.seriesId
      : pattern.startsWith('/p/{postId}')
        ? s.storyId
        : inCollection
          ? s.collectionStorySlug
          : s.storySlug,
    inResponseToPostId: s.storyId,
    channel: 'twitter',
    collectionSlug: s.collectionSlug,
    collectionId: s.collectionId,
    topicSlug: s.tagSlug,
    tagSlug: s.tagSlug,
    monthDayYearSlug: monthDayYearSlug(s.day),
    year: String(s.day.getUTCFullYear()),
    month: String(s.day.getUTCMonth() + 1).padStart(2, '0'),
    day: String(s.day.getUTCDate()).padStart(2, '0'),
    timePeriod: 'month',
    catalogSlugId: s.listSlugId,
    catalogSlug: s.listSlugId,
    quoteId: s.quoteId,
    sequenceSlug: s.sequenceSlug,
    noteId: s.noteId,
    replyId: s.replyId,
    filterBy: 'drafts',
    page: '1',
    order: 'newest',
    filter: 'highlights',
    entityName: 'writers',
    activeTab: 'publications',
    setting: 'security',
    category: 'posts',
    exportId: s.exportId,
    oauthApplicationId: s.applicationId,
    repostId: s.storyId,
    newsletterSlug: s.newsletterSlug,
    newsletterV3Id: s.newsletterId,
    chargeId: s.chargeId,
    token: s.convertToken,
    // The terms step of Partner Program enrolment; the audience page's followers.
    step: 'terms',
    details: 'followers',
  };
  const path = pattern.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`No demo value for {${key}} in ${pattern}: add one to pathFor`);
    return encodeURIComponent(value);
  });
  if (/\/search(\/|$)/.test(pattern)) return `${path}?q=writing`;
  if (pattern === '/redeem-gift') return `${path}?giftCode=${s.giftCode}`;
  // The consent screen as an application sends the browser to it (PKCE, S256).
  if (pattern === '/m/oauth/authorize') {
    const query = new URLSearchParams({
      client_id: s.clientId,
      redirect_uri: 'https://client.example/callback',
      response_type: 'code',
      scope: 'basicProfile',
      state: 'sample',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    return `${path}?${query}`;
  }
  return path;
}

/** Every real page of the route table, as [route name, path], in table order. */
function realPages(s: Samples): [string, string][] {
  return quireRoutes.entries
    .filter((entry) => !entry.redirectTo && !(entry.name in SKIPPED))
    .filter((entry) => comingSoonFor(samplePathFor(entry.pattern)) === undefined)
    .map((entry) => [entry.name, pathFor(entry.pattern, s)]);
}

interface Visit {
  name: string;
  path: string;
  signedIn: boolean;
}

/** Whether the page asked a visitor to sign in: its sign-in prompt, or a redirect to the sign-in page. */
async function asksToSignIn(page: Page, path: string): Promise<boolean> {
  const landed = new URL(page.url()).pathname;
  if (landed === '/m/signin' && !path.startsWith('/m/signin')) return true;
  return (await page.locator(SIGN_IN_PROMPT).count()) > 0;
}

type Viewport = { width: number; height: number };

/** What a page's layout fails at the current width: scrolling sideways, a title covered. */
async function layoutProblems(page: Page): Promise<string[]> {
  const overflow = await horizontalOverflow(page);
  return [...(overflow > 0 ? [`scrolls sideways by ${overflow} px`] : []), ...(await coveredTitles(page))];
}

/**
 * Opens a page and answers what it failed of the checks, as lines ('ShowHome /: scrolls sideways by 24 px'), or
 * null when a signed-out visit found only a sign-in prompt.
 */
async function checkPage(
  page: Page,
  visit: Visit,
  logged: string[],
  narrower: Viewport | null,
): Promise<string[] | null> {
  logged.length = 0;
  const problems: string[] = [];
  try {
    const response = await e2e.gotoHydrated(page, visit.path);
    if (!visit.signedIn && (await asksToSignIn(page, visit.path))) return null;
    const status = response?.status() ?? 0;
    if (status >= 400) problems.push(`status ${status}`);
    problems.push(...(await layoutProblems(page)));
    for (const src of await imagesWithoutPixels(page)) problems.push(`picture without pixels: ${src}`);
    for (const violation of await seriousViolations(page)) problems.push(`axe ${violation}`);
    if (narrower) {
      // The same page narrowed in place: what changes between phone widths is the layout, not the page.
      const width = page.viewportSize();
      await page.setViewportSize(narrower);
      // Two frames: what lays itself out on a resize (a chart's ResizeObserver) has done so.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      for (const problem of await layoutProblems(page)) problems.push(`at ${narrower.width} px: ${problem}`);
      if (width) await page.setViewportSize(width);
    }
  } catch (error) {
    problems.push(`${error instanceof Error ? error.message.split('\n')[0] : error}`);
  }
  for (const error of logged) problems.push(`console: ${error}`);
  const label = `${visit.name} ${visit.path}${visit.signedIn ? ' (signed in)' : ''}`;
  return problems.map((p) => `${label}: ${p}`);
}

/**
 * The widths swept: the desktop and phone widths get every check; the narrowest phone (320 px) the layout ones,
 * on the phone's page narrowed in place rather than loaded a third time.
 */
const NARROWEST: Viewport = { width: 320, height: 640 };
const SWEEPS = VIEWPORTS.map((viewport) => ({
  viewport,
  narrower: viewport.width < 600 ? NARROWEST : null,
}));

describe('every real page in Chromium', () => {
  for (const { viewport, narrower } of SWEEPS) {
    const widths = narrower ? `${viewport.width} and ${narrower.width} px` : `${viewport.width} px`;
    it(`fits ${widths}, logs no error, passes axe and shows every picture`, async () => {
      const s = samples!;
      const pages = realPages(s);
      // One tab per width, reused for every page: signed out first, then signed in for the pages that ask.
      const page = await e2e.openPage({ session: null, viewport });
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      page.on('pageerror', (error) => logged.push(error.message));

      const problems: string[] = [];
      const needSession: Visit[] = [];
      for (const [name, path] of pages) {
        const visit = { name, path, signedIn: false };
        const found = await checkPage(page, visit, logged, narrower);
        if (found) problems.push(...found);
        else needSession.push({ ...visit, signedIn: true });
      }
      await e2e.setSession(s.session);
      for (const visit of needSession)
        problems.push(...((await checkPage(page, visit, logged, narrower)) ?? []));
      await e2e.setSession(null);
      await page.close();

      console.info(
        `${viewport.width} px: ${pages.length} real pages, ${needSession.length} of them signed in` +
          ` (skipped: ${Object.keys(SKIPPED).join(', ') || 'none'})`,
      );
      expect(problems).toEqual([]);
    }, 900_000);
  }
});
