import { Post, type User } from '@quire/db';
import {
  DEFAULT_PUBLICATION_DESIGN,
  HOME_SECTIONS,
  type PostContent,
  publicationAdminTexts as texts,
} from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

const body = (text: string): PostContent => ({
  paragraphs: [{ name: 'la01', type: 'P', text, markups: [] }],
});

async function team() {
  const em = db.em();
  const owner = await buildUser(em, { name: 'Layout Owner' });
  const editor = await buildUser(em, { name: 'Layout Editor' });
  const writer = await buildUser(em, { name: 'Layout Writer' });
  const invitee = await buildUser(em, { name: 'Layout Invitee' });
  const publication = await buildCollection(em, { creator: owner, name: 'The Layout' });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, writer, 'WRITER');
  return { owner, editor, writer, invitee, publication };
}

/** A story written by `viewer` and published with `topics`, into the publication when given. */
async function story(viewer: User, title: string, topics: string[], collectionId?: string) {
  const api = as(viewer);
  const { id } = await api.posts.createDraft({});
  await api.posts.save({ id, baseRev: 0, title, content: body(`${title}, in words.`) });
  const answer = await api.posts.publish({ id, baseRev: 1, topics, collectionId: collectionId ?? null });
  clock.advance(60_000);
  return { id, answer };
}

const layoutOf = (owner: User, collectionId: string, homeLayout: 'STREAM' | 'GRID' | 'SECTIONS') =>
  as(owner).publicationDesign.save({ collectionId, ...DEFAULT_PUBLICATION_DESIGN, homeLayout });

describe('a publication’s homepage layout', () => {
  it('is a stream by default, a grid when chosen, and sections of featured stories and tabs', async () => {
    const { owner, editor, publication } = await team();
    const poems = [];
    for (let i = 1; i <= 4; i++)
      poems.push((await story(editor, `Poem ${i}`, ['poetry'], publication.id)).id);
    const essay = (await story(editor, 'Essay', ['essays'], publication.id)).id;
    const home = () => as(null).publications.home({ slug: publication.slug });

    expect(await home()).toMatchObject({ layout: 'STREAM', sections: null, isArchived: false });
    await layoutOf(owner, publication.id, 'GRID');
    expect(await home()).toMatchObject({ layout: 'GRID', sections: null });

    await as(owner).publications.saveFeaturePage({
      collectionId: publication.id,
      originalSlug: null,
      slug: 'picks',
      title: 'Picks',
      description: '',
      postIds: [essay, poems[0]!],
    });
    await as(owner).publications.saveNavigation({
      collectionId: publication.id,
      items: [
        { type: 'ABOUT', title: 'About' },
        { type: 'TAG', title: 'Poems', tagSlug: 'poetry' },
        { type: 'TAG', title: 'Nothing here', tagSlug: 'no-such-tag' },
        { type: 'TOPIC_PAGE', title: 'Our picks', tagSlug: 'picks' },
      ],
    });
    await layoutOf(owner, publication.id, 'SECTIONS');
    const first = await home();
    expect(first.layout).toBe('SECTIONS');
    expect(first.sections?.featured.map((p) => p.title)).toEqual(['Essay', 'Poem 1']);
    // Tabs that lead nowhere with stories (the ABOUT tab, an unknown tag) make no section.
    expect(
      first.sections?.sections.map((s) => ({ title: s.title, posts: s.posts.map((p) => p.title) })),
    ).toEqual([
      { title: 'Poems', posts: ['Poem 4', 'Poem 3', 'Poem 2'].slice(0, HOME_SECTIONS.storiesPerTab) },
      { title: 'Our picks', posts: ['Essay', 'Poem 1'] },
    ]);
    expect(first.sections?.sections[0]?.href).toBe(`/${publication.slug}/tagged/poetry`);
    // The pages after the first add stories to the stream only.
    const last = first.stories.posts[1]!;
    const next = await as(null).publications.home({
      slug: publication.slug,
      cursor: { at: last.latestPublishedAt!, id: last.id },
    });
    expect(next.sections).toBeNull();
    expect(next.stories.posts.length).toBe(first.stories.posts.length - 2);
  });
});

describe('archiving a publication', () => {
  it('is the owner’s alone, sends pending submissions back, and keeps new stories and people out', async () => {
    const { owner, editor, writer, invitee, publication } = await team();
    const published = (await story(editor, 'Already in', [], publication.id)).id;
    const pending = await story(writer, 'Waiting for review', [], publication.id);
    expect(pending.answer.__typename).toBe('Submitted');

    expect(
      await refusal(as(editor).publications.setArchived({ collectionId: publication.id, archived: true })),
    ).toMatchObject({ code: 'FORBIDDEN', message: texts.onlyOwnerArchives });
    const archived = await as(owner).publications.setArchived({
      collectionId: publication.id,
      archived: true,
    });
    expect(archived).toMatchObject({ message: texts.archived('The Layout'), isArchived: true });
    expect((await as(null).publications.home({ slug: publication.slug })).isArchived).toBe(true);

    const back = await db.em().findOneOrFail(Post, pending.id);
    expect([back.pendingCollection, back.statusForCollection]).toEqual([null, 'NOT_YET_SUBMITTED']);

    // Nothing new goes in: a submission, a draft started in it, an invitation.
    const api = as(writer);
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Too late', content: body('Late words.') });
    expect(
      await refusal(api.posts.publish({ id, baseRev: 1, topics: [], collectionId: publication.id })),
    ).toMatchObject({ code: 'FORBIDDEN', message: texts.archivedRefusal });
    expect((await db.em().findOneOrFail(Post, id)).status).toBe('DRAFT');
    expect(await refusal(api.posts.createDraft({ collectionSlug: publication.slug }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(
        as(owner).publications.invite({
          collectionId: publication.id,
          who: invitee.username,
          role: 'WRITER',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: texts.archivedRefusal });
    expect((await as(writer).posts.editorState({ id })).publications).toEqual([]);

    // A story already in it is published again where it is, with no review.
    const again = await as(editor).posts.editorState({ id: published });
    const republished = await as(editor).posts.publish({
      id: published,
      baseRev: again.latestRev,
      topics: [],
      collectionId: publication.id,
    });
    expect(republished.__typename).toBe('Published');
    expect((await db.em().findOneOrFail(Post, published, { refresh: true })).collection?.id).toBe(
      publication.id,
    );

    const active = await as(owner).publications.setArchived({
      collectionId: publication.id,
      archived: false,
    });
    expect(active).toMatchObject({ message: texts.unarchived('The Layout'), isArchived: false });
    await as(owner).publications.invite({
      collectionId: publication.id,
      who: invitee.username,
      role: 'WRITER',
    });
  });

  it('refuses strangers as a publication they cannot manage, and changes nothing', async () => {
    const { invitee, publication } = await team();
    const other = await buildUser(db.em());
    await buildPost(db.em(), { creator: other, title: 'Elsewhere' });
    expect(
      (await refusal(as(invitee).publications.setArchived({ collectionId: publication.id, archived: true })))
        ?.code,
    ).toBe('FORBIDDEN');
    expect((await as(null).publications.home({ slug: publication.slug })).isArchived).toBe(false);
  });
});
