import { Catalog, CatalogItem, DataExport, OAuthApplication, PostTag, Tag, type User } from '@quire/db';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../src';
import { ACCESS_MARKERS } from '../src/access-markers';
import { setPolicyAuditStrict } from '../src/policies';
import { browser, testClock } from './auth-helpers';

/*
 * Every procedure the API exposes, called with real input by a visitor, a reader and the writer whose
 * world it is: none may answer from the database without asking the access policy unless it is marked
 * (trpc.ts ProcedureMeta). The audit middleware fails such a call; this test makes sure every procedure is
 * called at least once with input it accepts, so a new one cannot slip past unexercised.
 */

const db = useTestDatabase();
const clock = testClock(new Date());

interface Procedure {
  _def: { type: 'query' | 'mutation'; inputs: z.ZodType[]; meta?: { access?: string } };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def
  .procedures;

async function world() {
  const em = db.em();
  const writer = await buildUser(em, { name: 'Audit Writer' });
  writer.isPartnerProgramEnrolled = true;
  const reader = await buildUser(em, { name: 'Audit Reader' });
  const publication = await buildCollection(em, { creator: writer });
  await addCollectionMember(em, publication, reader, 'WRITER');
  const post = await buildPost(em, { creator: writer, collection: publication, title: 'Audit story' });
  const response = await buildPost(em, { creator: reader, title: 'Audit response' });
  response.inResponseToPost = post;
  const tag = em.create(Tag, { slug: `audit-${writer.id}`, name: 'Audit', isTopic: true });
  em.create(PostTag, { post, tag });
  const list = em.create(Catalog, { creator: writer, name: 'Audit list', slug: 'audit-list' });
  const listItem = em.create(CatalogItem, { catalog: list, itemType: 'POST', post });
  const dataExport = em.create(DataExport, { user: writer });
  const oauthApp = em.create(OAuthApplication, {
    owner: writer,
    name: 'Audit app',
    redirectUris: ['https://audit.example.com/callback'],
    clientId: `qc_audit_${writer.id}`,
    clientSecretHash: '0'.repeat(64),
  });
  await em.flush();
  return { writer, reader, publication, post, response, tag, list, listItem, dataExport, oauthApp };
}

/** A value for each input field, by its name; a procedure's own entry wins. */
function samples(w: Awaited<ReturnType<typeof world>>): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    id: w.post.id,
    postId: w.post.id,
    parentPostId: w.post.id,
    responseId: w.response.id,
    postResponseId: w.response.id,
    inResponseToPostId: w.post.id,
    targetUserId: w.reader.id,
    userId: w.writer.id,
    targetCollectionId: w.publication.id,
    collectionId: w.publication.id,
    tagId: w.tag.id,
    username: w.writer.username,
    slug: w.publication.slug,
    tagSlug: w.tag.slug,
    catalogSlugId: `${w.list.slug}-${w.list.id}`,
    catalogId: w.list.id,
    itemId: w.listItem.id,
    afterItemId: null,
    note: 'An audit note.',
    name: 'Audit list',
    listed: true,
    following: true,
    // No highlight has this id, and the paragraph may not exist: refused after the policy was asked.
    quoteId: w.post.id,
    highlightId: w.post.id,
    noteId: w.post.id,
    replyId: w.post.id,
    hidden: false,
    archived: false,
    // No series has these: refused after the policy was asked.
    seriesId: w.post.id,
    sequenceSlug: w.post.id,
    included: true,
    published: true,
    paragraphName: 'p1',
    startOffset: 0,
    endOffset: 3,
    domainOrSlug: w.publication.slug,
    // A custom domain claimed by each caller in turn: the second is refused it as taken after the policy was asked.
    domain: `audit-${w.writer.id}.example.com`,
    // Turning the caller's own subdomain on.
    on: true,
    email: 'audit@example.com',
    count: 1,
    text: 'An audit response.',
    query: 'audit',
    period: 'week',
    date: today,
    readingSeconds: 40,
    flag: 'audit_flag',
    baseRev: 0,
    title: 'Audit story',
    limit: 5,
    q: 'audit',
    timePeriod: 'week',
    saved: true,
    // Leaving discussion open, so the responses after it are still taken.
    closed: false,
    targetPostId: w.post.id,
    content: { paragraphs: [] },
    // No charge exists in this world: the receipt is refused, which the audit accepts.
    chargeId: w.post.id,
    planCode: 'monthly-usd',
    referrer: w.writer.username,
    // No test checkout exists in this world: it is not found, which the audit accepts.
    sessionId: 'dev_cs_audit',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    // No gift has this code: giftByCode and redeemGift refuse it, which the audit accepts.
    giftCode: 'AUDITGIFTCODE',
    type: 'gift',
    requestId: 'audit-gift-request',
    // The writer's export: the reader and the visitor are refused it (viewExport).
    exportId: w.dataExport.id,
    // Nobody's username: deleting an account is refused after the policy was asked.
    confirmUsername: 'not-anyones-username',
    link: 'https://ko-fi.com/audit',
    promotion: 'promoteMemberships',
    // The reader already writes for the publication: inviting them is refused after the policy was asked.
    who: w.reader.username,
    role: 'WRITER',
    // No invitation has this id: refused after the policy was asked.
    invitationId: w.post.id,
    accept: false,
    // Not the publication's name: deleting it is refused after the policy was asked.
    confirmName: 'not the name',
    // A publication's navigation and feature pages: no tabs, and a page it does not have (refused after the policy).
    items: [],
    postIds: [],
    originalSlug: null,
    pageSlug: 'no-such-page',
    topicSlug: 'no-such-page',
    // A publication's stories tab (publicationStories.list); other filterBy fields take their own overrides.
    filterBy: 'submissions',
    // A publication's design (publicationDesign.save): the default one, colours and header image left unset.
    headerScale: 'MEDIUM',
    nameTreatment: 'TEXT',
    taglineTreatment: 'HEADER',
    colorDisplay: 'SOLID',
    fontSet: 'SERIF_1',
    backgroundColor: null,
    tintColor: null,
    headerImageId: null,
    homeLayout: 'STREAM',
    // A stats range of the first two days of 1970: the writer's own numbers, refused to everyone else.
    startTimeMs: 0,
    endTimeMs: 86_400_000,
    // Partner Program: the payout country, leaving it, a payout account nobody has (refused after the policy).
    country: 'US',
    confirm: true,
    accountId: 'acct_audit',
    // The writer's OAuth application: the reader and the visitor are refused it (manageOAuthApplication).
    applicationId: w.oauthApp.id,
    redirectUris: ['https://audit.example.com/callback'],
  };
}

/** Fills an object schema's fields from `values`; for non-objects, the first value that parses. */
function inputFor(schema: z.ZodType | undefined, values: Record<string, unknown>): unknown {
  if (!schema) return undefined;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return undefined;
  const input: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (key in values && field.safeParse(values[key]).success) input[key] = values[key];
  }
  return input;
}

describe('the access audit', () => {
  it('no procedure answers from the database without asking the policy, unless marked', async () => {
    const w = await world();
    const values = samples(w);
    setPolicyAuditStrict(true);
    onTestFinished(() => setPolicyAuditStrict(false));
    const callers: [string, User | null][] = [
      ['visitor', null],
      ['reader', w.reader],
      ['writer', w.writer],
    ];
    // Where a field's name means another thing (a tag's slug, not a publication's).
    const overrides: Record<string, Record<string, unknown>> = {
      'cache.tag': { slug: w.tag.slug },
      'topics.bySlug': { slug: w.tag.slug },
      'topics.stories': { slug: w.tag.slug },
      'topics.related': { slug: w.tag.slug },
      'discovery.tag.top': { slug: w.tag.slug },
      'search.queries': { requests: [{ index: 'post', params: { query: 'audit' } }] },
      'search.click': { queryId: 'a'.repeat(32), indexName: 'post', objectIds: [w.post.id], positions: [1] },
      'posts.revert': { versionId: w.post.id },
      'notes.create': { content: 'An audit note.' },
      'series.mine': { filterBy: 'published' },
      'notes.reply': { content: 'An audit reply.' },
      // A newsletter is named by one field: the writer's here (the publication has none in this world).
      'newsletters.state': { collectionId: undefined },
      'newsletters.subscribe': { collectionId: undefined },
      'newsletters.unsubscribe': { collectionId: undefined },
      'newsletters.subscribeByEmail': { collectionId: undefined },
      'newsletters.publicationLanding': { newsletterSlug: 'no-such-newsletter' },
      // No newsletter has the story's id: each back-office call is refused after the policy was asked, or as missing.
      ...Object.fromEntries(
        [
          'compose',
          'update',
          'saveDraft',
          'sendEmail',
          'sendStory',
          'confirmImport',
          'latestExport',
          'requestExport',
        ].map((name) => [
          `newsletterAdmin.${name}`,
          {
            newsletterId: w.post.id,
            description: '',
            trackEngagement: true,
            subject: 'Audit',
            body: null,
            rows: [],
          },
        ]),
      ),
      // No newsletter has the story's id: refused as missing.
      'newsletterStats.issues': { newsletterId: w.post.id },
      'newsletterStats.pastPosts': { newsletterId: w.post.id },
      'partner.acceptTerms': { accept: true },
      // Allowing the writer's application (before its deletion, answered as an unknown client).
      'oauth.decide': {
        client_id: w.oauthApp.clientId,
        redirect_uri: 'https://audit.example.com/callback',
        response_type: 'code',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        allow: true,
      },
      'partner.submitW9': {
        name: 'Audit Writer',
        taxClassification: 'INDIVIDUAL',
        street: '1 Audit Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        tinType: 'SSN',
        tin: '512-34-6789',
        certify: true,
      },
      'partner.submitW8ben': {
        name: 'Audit Writer',
        citizenship: 'FR',
        permanentStreet: '1 rue de l’Audit',
        permanentCity: 'Paris',
        permanentCountry: 'FR',
        foreignTinMissingReason: 'Not issued',
        dateOfBirth: '1980-01-01',
        signatureName: 'Audit Writer',
        signatureDate: new Date().toISOString().slice(0, 10),
      },
    };
    const unprobed: string[] = [];
    const unaudited: string[] = [];
    // Queries first: mutations (deleting the story, say) change what later calls find.
    const paths = Object.keys(procedures).sort(
      (a, b) =>
        Number(procedures[a]!._def.type === 'mutation') - Number(procedures[b]!._def.type === 'mutation'),
    );
    for (const path of paths) {
      const procedure = procedures[path]!;
      const schema = procedure._def.inputs[0];
      const input = inputFor(schema, { ...values, ...overrides[path] });
      if (schema && !schema.safeParse(input).success) {
        // A marked procedure asks no rule; every other one must be called to be audited.
        if (!(procedure._def.meta?.access ?? ACCESS_MARKERS[path])) unprobed.push(path);
        continue;
      }
      for (const [who, viewer] of callers) {
        const caller = browser(db, clock, { viewer }).caller as unknown as Record<string, unknown>;
        const call = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
        try {
          await (call as (input: unknown) => Promise<unknown>)(input);
        } catch (error) {
          if (String((error as Error).message).includes('without asking the access policy')) {
            unaudited.push(`${path} (${who})`);
          }
        }
      }
    }
    expect(unaudited).toEqual([]);
    expect(unprobed).toEqual([]);
  });

  it('marks only procedures that exist', () => {
    expect(Object.keys(ACCESS_MARKERS).filter((path) => !(path in procedures))).toEqual([]);
  });
});
