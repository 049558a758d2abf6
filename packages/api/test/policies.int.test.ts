import { Catalog, Collection, Post, Tag, type User } from '@quire/db';
import {
  LIVE_USER_SQL,
  SEARCHABLE_COLLECTION_SQL,
  SEARCHABLE_POST_SQL,
  SEARCHABLE_TAG_SQL,
} from '@quire/search';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import {
  can,
  isListedProfile,
  isListedStory,
  isListedTag,
  LISTED_STORY,
  LISTED_STORY_SQL,
  LISTED_TAG,
  LISTED_TAG_SQL,
  listsVisibleTo,
  PUBLICATION_STORY,
  PUBLICATION_STORY_SQL,
  policyViewer,
  READABLE_POST,
  READABLE_POST_SQL,
} from '../src/policies';

/*
 * The listing filters are the policy's isListedStory (and viewList) as the database reads them: for a story
 * in every state the rule tells apart, each filter selects exactly the rows the rule allows.
 */

const db = useTestDatabase();

async function storiesInEveryState() {
  const em = db.em();
  const writer = await buildUser(em, { name: 'Listing Writer' });
  const suspendedWriter = await buildUser(em, { name: 'Suspended Writer' });
  const deletedWriter = await buildUser(em, { name: 'Deleted Writer' });
  const open = await buildCollection(em, { creator: writer });
  const hidden = await buildCollection(em, { creator: writer });
  hidden.visibility = 'PRIVATE';
  suspendedWriter.isSuspended = true;
  deletedWriter.isDeleted = true;
  const make = (creator: User, opts: Parameters<typeof buildPost>[1] extends infer O ? Partial<O> : never) =>
    buildPost(em, { creator, ...opts });
  const posts = [
    await make(writer, { title: 'public' }),
    await make(writer, { title: 'locked', isLocked: true }),
    await make(writer, { title: 'in a publication', collection: open }),
    await make(writer, { title: 'in a private publication', collection: hidden }),
    await make(writer, { title: 'draft', status: 'DRAFT' }),
    await make(writer, { title: 'unlisted', status: 'UNLISTED' }),
    await make(writer, { title: 'trashed' }),
    await make(writer, { title: 'suspended' }),
    await make(suspendedWriter, { title: 'by a suspended writer' }),
    await make(deletedWriter, { title: 'by a deleted writer' }),
  ];
  posts[6]!.deletedAt = new Date();
  posts[7]!.isSuspended = true;
  await em.flush();
  const ids = posts.map((p) => p.id);
  const loaded = await db.em().find(Post, { id: { $in: ids } }, { populate: ['creator', 'collection'] });
  return { ids, loaded };
}

const titlesOf = (posts: { title: string }[]) => posts.map((p) => p.title).sort();

describe('listing filters agree with the policy', () => {
  it('LISTED_STORY, READABLE_POST and PUBLICATION_STORY, as filters and as SQL, select what isListedStory allows', async () => {
    const { ids, loaded } = await storiesInEveryState();
    const expected = titlesOf(loaded.filter((p) => isListedStory(p)));
    expect(expected).toEqual(['in a publication', 'locked', 'public']);

    const em = db.em();
    const mine = { id: { $in: ids } };
    for (const [name, filter] of Object.entries({ LISTED_STORY, READABLE_POST })) {
      expect(titlesOf(await em.find(Post, { $and: [filter, mine] })), name).toEqual(expected);
    }
    const bySql = async (where: string) =>
      em.execute<{ title: string }[]>(
        `select p.title from posts p where ${where} and p.id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    for (const [name, sql] of Object.entries({ LISTED_STORY_SQL, READABLE_POST_SQL })) {
      expect(titlesOf(await bySql(sql)), name).toEqual(expected);
    }
    // A publication's own pages (which only those who may see it open) also list its private stories.
    const onOwnPages = titlesOf(loaded.filter((p) => isListedStory({ ...p, collection: null })));
    expect(titlesOf(await em.find(Post, { $and: [PUBLICATION_STORY, mine] }))).toEqual(onOwnPages);
    expect(titlesOf(await bySql(PUBLICATION_STORY_SQL))).toEqual(onOwnPages);
  });

  it('the search index finds exactly the stories, people, publications and tags the policy shows a visitor', async () => {
    const { ids, loaded } = await storiesInEveryState();
    const em = db.em();
    const visitor = policyViewer(null);
    const inList = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;
    const posts = await em.execute<{ title: string }[]>(
      `select p.title from posts p join users u on u.id = p.creator_id
        where ${SEARCHABLE_POST_SQL} and p.id in ${inList(ids.length)}`,
      ids,
    );
    expect(titlesOf(posts)).toEqual(titlesOf(loaded.filter((p) => isListedStory(p))));

    const writers = [...new Map(loaded.map((p) => [p.creator.id, p.creator])).values()];
    const people = await em.execute<{ id: string }[]>(
      `select u.id from users u where ${LIVE_USER_SQL} and u.id in ${inList(writers.length)}`,
      writers.map((u) => u.id),
    );
    expect(people.map((u) => u.id).sort()).toEqual(
      writers
        .filter((u) => isListedProfile(u) && can(visitor, 'viewProfile', u))
        .map((u) => u.id)
        .sort(),
    );

    const publications = await em.find(Collection, {
      id: { $in: loaded.flatMap((p) => p.collection?.id ?? []) },
    });
    const foundPublications = await em.execute<{ id: string }[]>(
      `select c.id from collections c where ${SEARCHABLE_COLLECTION_SQL} and c.id in ${inList(publications.length)}`,
      publications.map((c) => c.id),
    );
    expect(foundPublications.map((c) => c.id).sort()).toEqual(
      publications
        .filter((c) => can(visitor, 'viewPublication', c))
        .map((c) => c.id)
        .sort(),
    );

    for (const visibility of ['PUBLIC', 'SPECIAL', 'STAFF'] as const) {
      em.create(Tag, { slug: `agree-${visibility.toLowerCase()}-${ids[0]}`, name: visibility, visibility });
    }
    await em.flush();
    const tags = await em.find(Tag, { slug: { $like: `agree-%-${ids[0]}` } });
    const foundTags = await em.execute<{ slug: string }[]>(
      `select t.slug from tags t where ${SEARCHABLE_TAG_SQL} and t.slug like ?`,
      [`agree-%-${ids[0]}`],
    );
    expect(foundTags.map((t) => t.slug).sort()).toEqual(
      tags
        .filter((t) => can(visitor, 'viewTag', t))
        .map((t) => t.slug)
        .sort(),
    );
    const listedTags = await em.find(Tag, { $and: [LISTED_TAG, { slug: { $like: `agree-%-${ids[0]}` } }] });
    const listedBySql = await em.execute<{ slug: string }[]>(
      `select t.slug from tags t where ${LISTED_TAG_SQL} and t.slug like ?`,
      [`agree-%-${ids[0]}`],
    );
    const listable = tags
      .filter((t) => isListedTag(t))
      .map((t) => t.slug)
      .sort();
    expect(listedTags.map((t) => t.slug).sort()).toEqual(listable);
    expect(listedBySql.map((t) => t.slug).sort()).toEqual(listable);
  });

  it('listsVisibleTo selects the lists viewList allows', async () => {
    const em = db.em();
    const [owner, other] = [await buildUser(em), await buildUser(em)];
    em.create(Catalog, { creator: owner, name: 'open list', visibility: 'PUBLIC' });
    em.create(Catalog, { creator: owner, name: 'private list', visibility: 'PRIVATE' });
    await em.flush();
    const lists = await em.find(Catalog, { creator: owner.id });
    for (const viewer of [null, owner, other]) {
      const allowed = lists.filter((l) => can(policyViewer(viewer), 'viewList', l)).map((l) => l.name);
      const selected = await em.find(Catalog, {
        $and: [{ creator: owner.id }, listsVisibleTo(viewer?.id ?? null)],
      });
      expect(selected.map((l) => l.name).sort(), viewer?.name ?? 'anonymous').toEqual(allowed.sort());
    }
  });
});
