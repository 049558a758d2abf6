import { Collection, CustomDomain, FeaturePage } from '@quire/db';
import {
  errorPageTexts,
  imageUrl,
  publicationAdminTexts,
  publicationDesignTexts,
  validationMessages,
} from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/* Spec §2 /{collectionSlug}/design, /styles, /edit, and the design on every page of the publication. */

// The page cache on, so a page the design change should refresh would otherwise be served stale.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '60000' });

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${n++}`;

/** A publication with a designed header: green gradient, navy tint, its logo, the tagline beside the header. */
async function designedPublication() {
  const em = t.db.em();
  const owner = await buildUser(em, { name: 'Olive Owner' });
  const slug = unique('night-shift');
  const publication = await buildCollection(em, { creator: owner, slug, name: 'The Night Shift' });
  Object.assign(publication, {
    tagline: 'Stories written after dark',
    logoId: 'logo1234.png',
    headerImageId: 'banner1234.png',
    nameTreatment: 'LOGO',
    taglineTreatment: 'SIDEBAR',
    headerScale: 'LARGE',
    colorDisplay: 'VERTICAL_GRADIENT',
    fontSet: 'SANS_SERIF_1',
    backgroundColor: '#FF1A8917',
    tintColor: '#FF0A2540',
  } satisfies Partial<Collection>);
  await em.flush();
  return { owner, publication, slug };
}

/** What the rendered header shows of the design in a page's HTML. */
function designIn(html: string) {
  return {
    fill: html.includes(
      '--q-pub-header-bg:linear-gradient(180deg, rgba(26, 137, 23, 1), rgba(20, 103, 17, 1))',
    ),
    tint: html.includes('--q-accent:rgba(10, 37, 64, 1)'),
    font: html.includes('--q-pub-font:var(--q-font-sans)'),
    scale: html.includes('--q-pub-title-size:var(--q-fs-3xl)'),
    logo: html.includes(`src="${imageUrl('logo1234.png', { height: 224 })}" alt="The Night Shift"`),
    headerImage: html.includes(`src="${imageUrl('banner1234.png', { width: 1360 })}"`),
    sidebar: /data-testid="publication-sidebar"><p class="q-pub-tagline">Stories written after dark/.test(
      html,
    ),
  };
}
const everything = {
  fill: true,
  tint: true,
  font: true,
  scale: true,
  logo: true,
  headerImage: true,
  sidebar: true,
};

describe('a publication’s design on its pages', () => {
  it('is in the rendered HTML of the publication’s home and sub-pages', async () => {
    const { slug } = await designedPublication();
    for (const url of [`/${slug}`, `/${slug}/about`, `/${slug}/archive`]) {
      const res = await t.page(url);
      expect(res.statusCode, url).toBe(200);
      expect(designIn(res.body), url).toEqual(everything);
    }
  });

  it('lays out the home as a grid or as sections, and says when the publication is archived', async () => {
    const { owner, publication, slug } = await designedPublication();
    const em = t.db.em();
    const post = await buildPost(em, { creator: owner, collection: publication, title: 'A gridded story' });
    Object.assign(publication, { homeLayout: 'GRID' } satisfies Partial<Collection>);
    await em.flush();
    const grid = await t.page(`/${slug}`);
    expect(grid.body).toMatch(/<div class="q-story-grid"><article class="q-card q-story-card">/);
    expect(grid.body).toContain('A gridded story');
    expect(grid.body).not.toContain('data-testid="publication-archived"');

    publication.homeLayout = 'SECTIONS';
    publication.archivedAt = new Date();
    publication.navItems = [{ type: 'TOPIC_PAGE', title: 'Best', tagSlug: 'best' }];
    em.create(FeaturePage, { collection: publication, slug: 'best', title: 'Best', postIds: [post.id] });
    await em.flush();
    const sections = await t.page(`/${slug}`);
    expect(sections.body).toContain('data-testid="home-sections"');
    expect(sections.body).toContain(`>${publicationDesignTexts.featuredSection}</h2>`);
    expect(sections.body).toContain(`>${publicationDesignTexts.seeAll('Best')}</a>`);
    expect(sections.body).toContain(`>${publicationDesignTexts.latestSection}</h2>`);
    expect(sections.body).toContain(publicationAdminTexts.archivedNotice);
  });

  it('is on the publication’s own custom domain too', async () => {
    const { publication, slug } = await designedPublication();
    const domain = `${slug}.example.org`;
    const em = t.db.em();
    em.create(CustomDomain, { domain, status: 'LIVE', collection: publication.id, liveAt: new Date() });
    await em.flush();
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: domain } });
    expect(res.statusCode).toBe(200);
    expect(designIn(res.body)).toEqual(everything);
  });

  it('never writes stored text that is not a colour into a style', async () => {
    const { publication, slug } = await designedPublication();
    await t.db
      .em()
      .nativeUpdate(
        Collection,
        { id: publication.id },
        { backgroundColor: 'red;}x{a', tintColor: '</style>' },
      );
    const res = await t.page(`/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('red;}x{a');
    expect(res.body).not.toContain('--q-pub-header-bg');
    expect(res.body).not.toContain('--q-accent:');
    expect(designIn(res.body)).toMatchObject({ font: true, logo: true });
  });
});

describe('the design page', () => {
  it('opens for the owner and editors at /design, /styles and /edit; writers get the 404 page', async () => {
    const em = t.db.em();
    const { owner, publication, slug } = await designedPublication();
    const editor = await buildUser(em);
    const writer = await buildUser(em);
    await addCollectionMember(em, publication, editor, 'EDITOR');
    await addCollectionMember(em, publication, writer, 'WRITER');
    for (const user of [owner, editor]) {
      const token = await buildSession(em, user);
      for (const [sub, title] of [
        ['design', publicationDesignTexts.designTitle],
        ['styles', publicationDesignTexts.stylesTitle],
        ['edit', publicationDesignTexts.editTitle],
      ] as const) {
        const res = await t.page(`/${slug}/${sub}`, token);
        expect(res.statusCode, sub).toBe(200);
        expect(res.body).toContain(`<title>The Night Shift – ${title} | Quire</title>`);
        expect(res.body).toContain('data-testid="publication-design-page"');
        // The preview is the publication's own header component, drawn with the saved design.
        expect(designIn(res.body), sub).toEqual(everything);
      }
    }
    const writers = await t.page(`/${slug}/design`, await buildSession(em, writer));
    expect(writers.statusCode).toBe(404);
    expect(writers.body).toContain(errorPageTexts.notFoundTitle);
    const visitor = await t.page(`/${slug}/design`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('data-testid="publication-design-page"');
    // '/@{username}/edit' is still the profile's own edit page.
    const profileEdit = await t.page(`/@${owner.username}/edit`, await buildSession(em, owner));
    expect(profileEdit.statusCode).toBe(200);
    expect(profileEdit.body).toContain('data-testid="profile-edit"');
  });

  it('saves over HTTP, refusing a colour outside the spec’s forms, and the publication’s cached pages refresh', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const slug = unique('plain');
    const publication = await buildCollection(em, { creator: owner, slug, name: 'Plain Pages' });
    const post = await buildPost(em, { creator: owner, collection: publication, title: 'A cached story' });
    const headers = authHeaders(await buildSession(em, owner));
    const save = (design: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/publicationDesign.save',
        headers,
        payload: {
          collectionId: publication.id,
          headerScale: 'SMALL',
          nameTreatment: 'TEXT',
          taglineTreatment: 'HEADER',
          colorDisplay: 'SOLID',
          fontSet: 'SERIF_2',
          backgroundColor: null,
          tintColor: null,
          headerImageId: null,
          homeLayout: 'STREAM',
          ...design,
        },
      });

    const refused = await save({ tintColor: '#0A2540' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`tintColor: ${validationMessages.invalidColor}`);
    expect(refused.json().error.data.zodError.fieldErrors).toEqual({
      tintColor: [validationMessages.invalidColor],
    });
    const unrecognized = await save({ backgroundColor: 'navy' });
    expect(unrecognized.json().error.message).toBe(
      `backgroundColor: ${validationMessages.unrecognizedColor}`,
    );
    expect(await em.fork().findOneOrFail(Collection, publication.id)).toMatchObject({
      headerScale: 'MEDIUM',
      tintColor: null,
    });

    // A story page of the publication, cached for visitors under the publication's tag.
    const story = `/p/${post.id}`;
    await t.app.inject({ url: story });
    expect((await t.app.inject({ url: story })).headers['x-cache']).toBe('HIT');

    const saved = await save({ tintColor: 'rgba(10, 37, 64, 1)' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.data.fields).toMatchObject({ tintColor: '#FF0A2540', headerScale: 'SMALL' });
    const home = await t.page(`/${slug}`);
    expect(home.body).toContain('--q-accent:rgba(10, 37, 64, 1)');
    expect(home.body).toContain('--q-pub-title-size:var(--q-fs-xl)');
    await expect
      .poll(async () => (await t.app.inject({ url: story })).headers['x-cache'], {
        timeout: 5000,
        interval: 50,
      })
      .toBe('MISS');
  });
});
