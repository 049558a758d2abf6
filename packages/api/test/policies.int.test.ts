import { Catalog, Post, type User } from '@quire/db';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import {
  can,
  isListedStory,
  LISTED_STORY,
  LISTED_STORY_SQL,
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
