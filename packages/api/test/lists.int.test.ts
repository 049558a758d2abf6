import { Catalog, CatalogItem, MuteUser, Notification, type User } from '@quire/db';
import { accessTexts, LIST_ITEMS_MAX, LIST_NAME_MAX, listTexts, validationMessages } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

/** The error a call ends in: its tRPC code and message. */
async function setup() {
  const [owner, reader, writer] = [
    await buildUser(db.em()),
    await buildUser(db.em()),
    await buildUser(db.em()),
  ];
  const posts = [];
  for (let i = 0; i < 3; i++) posts.push(await buildPost(db.em(), { creator: writer, title: `Story ${i}` }));
  return { owner, reader, writer, posts };
}

const itemTitles = async (viewer: User | null, username: string, catalogSlugId: string) =>
  (await as(viewer).discovery.profile.listItems({ username, catalogSlugId })).posts.map((p) => p.title);

describe('making and changing a list', () => {
  it('creates, renames, describes, makes private and deletes a list; only its creator may', async () => {
    const { owner, reader } = await setup();
    const list = await as(owner).lists.create({ name: '  Essays on craft ', description: 'Good ones' });
    expect(list).toMatchObject({
      name: 'Essays on craft',
      description: 'Good ones',
      isPrivate: false,
      itemCount: 0,
    });
    expect(list.catalogSlugId).toBe(`essays-on-craft-${list.id}`);

    const renamed = await as(owner).lists.update({ catalogId: list.id, name: 'Craft', isPrivate: true });
    expect(renamed).toMatchObject({
      name: 'Craft',
      description: '',
      isPrivate: true,
      catalogSlugId: `craft-${list.id}`,
    });

    // A stranger neither sees the private list nor learns it exists; a public one they see but cannot change.
    const hidden = { code: 'NOT_FOUND', message: accessTexts.listNotFound };
    expect(await refusal(as(reader).lists.update({ catalogId: list.id, name: 'Mine' }))).toEqual(hidden);
    expect(await refusal(as(reader).lists.delete({ catalogId: list.id }))).toEqual(hidden);
    expect(await refusal(as(reader).lists.viewerEdge({ catalogId: list.id }))).toEqual(hidden);
    expect(
      await refusal(
        as(null).discovery.profile.list({ username: owner.username, catalogSlugId: list.catalogSlugId }),
      ),
    ).toEqual(hidden);
    expect((await as(reader).discovery.profile.lists({ username: owner.username })).lists).toEqual([]);
    await as(owner).lists.update({ catalogId: list.id, name: 'Craft', isPrivate: false });
    expect(await refusal(as(reader).lists.update({ catalogId: list.id, name: 'Mine' }))).toEqual({
      code: 'FORBIDDEN',
      message: accessTexts.editList,
    });
    expect(
      (await as(reader).discovery.profile.lists({ username: owner.username })).lists.map((l) => l.name),
    ).toEqual(['Craft']);

    expect(await as(owner).lists.delete({ catalogId: list.id })).toEqual({ id: list.id });
    expect(await db.em().count(Catalog, { id: list.id })).toBe(0);
  });

  it('refuses bad names and descriptions with a clear message and saves nothing', async () => {
    const { owner } = await setup();
    const bad = [
      [{ name: '   ' }, listTexts.nameRequired],
      [{ name: 'x'.repeat(LIST_NAME_MAX + 1) }, listTexts.nameTooLong],
      [{ name: 'ok', description: 'y'.repeat(281) }, listTexts.descriptionTooLong],
      [{ name: 'nul\u0000name' }, null],
      [{ name: 'lone \ud800 surrogate' }, null],
    ] as const;
    for (const [input, message] of bad) {
      const error = await refusal(as(owner).lists.create(input));
      expect(error?.code).toBe('BAD_REQUEST');
      // The input's own message (tRPC carries it in the zod error the HTTP layer words).
      if (message) expect(error?.message).toContain(message);
    }
    expect(await db.em().count(Catalog, { creator: owner.id })).toBe(0);
  });
});

describe('stories in a list', () => {
  it('adds stories newest first, once each; reorders them; notes them; removes them', async () => {
    const { owner, posts } = await setup();
    const list = await as(owner).lists.create({ name: 'Reads' });
    for (const post of posts)
      await as(owner).lists.setItem({ catalogId: list.id, postId: post.id, listed: true });
    await as(owner).lists.setItem({ catalogId: list.id, postId: posts[0]!.id, listed: true });
    const slug = { username: owner.username, catalogSlugId: list.catalogSlugId };
    expect(await itemTitles(owner, slug.username, slug.catalogSlugId)).toEqual([
      'Story 2',
      'Story 1',
      'Story 0',
    ]);
    expect((await db.em().findOneOrFail(Catalog, list.id)).itemsCount).toBe(3);

    const page = await as(owner).discovery.profile.listItems(slug);
    const [i2, i1, i0] = page.posts.map((p) => p.listItem.id);
    // Story 2 goes after Story 0 (last); then Story 0 goes first.
    expect(
      (await as(owner).lists.moveItem({ catalogId: list.id, itemId: i2!, afterItemId: i0! })).itemIds,
    ).toEqual([i1, i0, i2]);
    await as(owner).lists.moveItem({ catalogId: list.id, itemId: i0!, afterItemId: null });
    expect(await itemTitles(null, slug.username, slug.catalogSlugId)).toEqual([
      'Story 0',
      'Story 1',
      'Story 2',
    ]);

    await as(owner).lists.setItemNote({ catalogId: list.id, itemId: i1!, note: '  The best one. ' });
    const noted = await as(null).discovery.profile.listItems(slug);
    expect(noted.posts.map((p) => p.listItem.note)).toEqual([null, 'The best one.', null]);
    const tooLong = await refusal(
      as(owner).lists.setItemNote({ catalogId: list.id, itemId: i1!, note: 'n'.repeat(281) }),
    );
    expect(tooLong?.code).toBe('BAD_REQUEST');
    expect(tooLong?.message).toContain(listTexts.noteTooLong);

    await as(owner).lists.setItem({ catalogId: list.id, postId: posts[1]!.id, listed: false });
    await as(owner).lists.setItem({ catalogId: list.id, postId: posts[1]!.id, listed: false });
    expect(await itemTitles(owner, slug.username, slug.catalogSlugId)).toEqual(['Story 0', 'Story 2']);
    expect((await db.em().findOneOrFail(Catalog, list.id)).itemsCount).toBe(2);

    const choices = await as(owner).lists.saveChoices({ postId: posts[0]!.id });
    expect(choices).toMatchObject({ readingList: false });
    expect(choices.lists).toEqual([{ id: list.id, name: 'Reads', isPrivate: false, hasStory: true }]);
    await as(owner).posts.bookmark({ postId: posts[1]!.id, saved: true });
    expect((await as(owner).lists.saveChoices({ postId: posts[1]!.id })).readingList).toBe(true);
    // The Save icons of a page of cards: saved in a list or on the reading list, not elsewhere.
    const ids = posts.map((p) => p.id);
    expect((await as(owner).lists.saved({ postIds: ids })).saved.sort()).toEqual(ids.sort());
    await as(owner).lists.setItem({ catalogId: list.id, postId: posts[2]!.id, listed: false });
    expect((await as(owner).lists.saved({ postIds: ids })).saved.sort()).toEqual(
      [posts[0]!.id, posts[1]!.id].sort(),
    );
  });

  it("refuses a stranger's changes, unknown items, and stories the creator may not read", async () => {
    const { owner, reader, writer, posts } = await setup();
    const list = await as(owner).lists.create({ name: 'Mine', isPrivate: true });
    const other = await as(reader).lists.create({ name: 'Theirs' });
    await as(reader).lists.setItem({ catalogId: other.id, postId: posts[0]!.id, listed: true });
    const theirItem = (await db.em().findOneOrFail(CatalogItem, { catalog: other.id })).id;
    expect(
      (await refusal(as(reader).lists.setItem({ catalogId: list.id, postId: posts[0]!.id, listed: true })))
        ?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await refusal(as(owner).lists.moveItem({ catalogId: list.id, itemId: theirItem, afterItemId: null })))
        ?.message,
    ).toBe(listTexts.itemNotFound);
    const draft = await buildPost(db.em(), { creator: writer, status: 'DRAFT' });
    expect(
      (await refusal(as(owner).lists.setItem({ catalogId: list.id, postId: draft.id, listed: true })))?.code,
    ).toBe('NOT_FOUND');
    expect(await db.em().count(CatalogItem, { catalog: list.id })).toBe(0);
  });

  it(`holds at most ${LIST_ITEMS_MAX} stories, even when saves race for the last place`, async () => {
    const { owner, writer } = await setup();
    const list = await as(owner).lists.create({ name: 'Nearly full' });
    await db.em().nativeUpdate(Catalog, { id: list.id }, { itemsCount: LIST_ITEMS_MAX - 1 });
    const racing = [];
    for (let i = 0; i < 6; i++) racing.push(await buildPost(db.em(), { creator: writer }));
    const outcomes = await Promise.all(
      racing.map((p) => refusal(as(owner).lists.setItem({ catalogId: list.id, postId: p.id, listed: true }))),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o?.message === listTexts.full)).toHaveLength(5);
    expect(await db.em().count(CatalogItem, { catalog: list.id })).toBe(1);
    expect((await db.em().findOneOrFail(Catalog, list.id)).itemsCount).toBe(LIST_ITEMS_MAX);
  });
});

describe('following and clapping for a list', () => {
  const notifications = (user: User, type: string) =>
    db.em().find(Notification, { recipient: user.id, notificationType: type }, { orderBy: { id: 'asc' } });

  it("follows a list once, folds followers into one notification, and lists it on the follower's page", async () => {
    const { owner, reader, writer, posts } = await setup();
    const list = await as(owner).lists.create({ name: 'Followed' });
    await as(owner).lists.setItem({ catalogId: list.id, postId: posts[0]!.id, listed: true });
    for (let i = 0; i < 2; i++) await as(reader).lists.follow({ catalogId: list.id, following: true });
    const third = await as(writer).lists.follow({ catalogId: list.id, following: true });
    expect(third).toEqual({ catalogId: list.id, isFollowing: true, followerCount: 2 });
    const rows = await notifications(owner, 'catalog_followed_rollup');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rollupItems.map((i) => i.actorId).sort()).toEqual([reader.id, writer.id].sort());
    expect(await as(reader).lists.viewerEdge({ catalogId: list.id })).toMatchObject({
      isFollowing: true,
      canEdit: false,
    });
    expect((await as(reader).lists.following({})).lists.map((l) => [l.name, l.creator.username])).toEqual([
      ['Followed', owner.username],
    ]);
    expect((await as(null).lists.popular({})).lists.map((l) => l.id)).toContain(list.id);

    // Made private, it leaves the follower's page; unfollowing still works.
    await as(owner).lists.update({ catalogId: list.id, name: 'Followed', isPrivate: true });
    expect((await as(reader).lists.following({})).lists).toEqual([]);
    expect((await as(null).lists.popular({})).lists.map((l) => l.id)).not.toContain(list.id);
    await as(owner).lists.update({ catalogId: list.id, name: 'Followed', isPrivate: false });
    expect(await as(reader).lists.follow({ catalogId: list.id, following: false })).toMatchObject({
      followerCount: 1,
    });
    expect(await refusal(as(owner).lists.follow({ catalogId: list.id, following: true }))).toEqual({
      code: 'BAD_REQUEST',
      message: listTexts.ownList,
    });
  });

  it('counts claps up to 50 per reader, exactly under concurrency, and tells the creator once', async () => {
    const { owner, reader, writer } = await setup();
    const list = await as(owner).lists.create({ name: 'Clapped' });
    await Promise.all(
      Array.from({ length: 6 }, () => as(reader).lists.clap({ catalogId: list.id, count: 5 })),
    );
    expect(await as(reader).lists.clap({ catalogId: list.id, count: 50 })).toEqual({
      catalogId: list.id,
      clapCount: 50,
      viewerClapCount: 50,
    });
    expect((await as(writer).lists.clap({ catalogId: list.id, count: 2 })).clapCount).toBe(52);
    expect(await notifications(owner, 'catalog_recommended_rollup')).toHaveLength(1);
    expect((await refusal(as(owner).lists.clap({ catalogId: list.id, count: 1 })))?.message).toBe(
      listTexts.ownList,
    );
    expect((await refusal(as(null).lists.clap({ catalogId: list.id, count: 1 })))?.code).toBe('UNAUTHORIZED');
  });

  it('creates no notification for a muted or blocking recipient, and a private list refuses strangers', async () => {
    const { owner, reader } = await setup();
    const em = db.em();
    em.create(MuteUser, { user: owner, target: reader });
    await em.flush();
    const list = await as(owner).lists.create({ name: 'Quiet' });
    await as(reader).lists.follow({ catalogId: list.id, following: true });
    await as(reader).lists.clap({ catalogId: list.id, count: 1 });
    expect(await db.em().count(Notification, { recipient: owner.id })).toBe(0);

    const secret = await as(owner).lists.create({ name: 'Secret', isPrivate: true });
    for (const call of [
      () => as(reader).lists.follow({ catalogId: secret.id, following: true }),
      () => as(reader).lists.clap({ catalogId: secret.id, count: 1 }),
      () =>
        as(reader).discovery.profile.listItems({
          username: owner.username,
          catalogSlugId: secret.catalogSlugId,
        }),
    ]) {
      expect(await refusal(call())).toEqual({ code: 'NOT_FOUND', message: accessTexts.listNotFound });
    }
    expect((await db.em().findOneOrFail(Catalog, secret.id)).followerCount).toBe(0);
  });
});

describe('responses on a list', () => {
  it('takes responses from readers who may see it, tells its creator, and lets the creator hide them and close discussion', async () => {
    const { owner, reader, writer } = await setup();
    const list = await as(owner).lists.create({ name: 'Worth a reply' });
    const first = await as(reader).lists.respond({ catalogId: list.id, text: 'Great picks.' });
    clock.advance(60_000);
    await as(writer).lists.respond({ catalogId: list.id, text: 'I would add one.' });
    const page = await as(null).lists.responses({ catalogId: list.id, sort: 'NEWEST' });
    expect(page.responsesCount).toBe(2);
    expect(page.responses.map((r) => r.paragraphs[0]?.text)).toEqual(['I would add one.', 'Great picks.']);
    // A response to a list is no story: the latest stories leave it out.
    const latest = await as(null).posts.latest({});
    expect(latest.posts.map((p) => p.id)).not.toContain(first.id);
    const told = await db
      .em()
      .find(Notification, { recipient: owner.id, notificationType: 'catalog_response_created' });
    expect(told).toHaveLength(2);
    expect(
      (await as(owner).notifications.list({ activityTypes: ['catalog_response_created'] })).notifications,
    ).toHaveLength(2);

    expect(
      (
        await refusal(
          as(reader).lists.setResponseHidden({ catalogId: list.id, responseId: first.id, hidden: true }),
        )
      )?.code,
    ).toBe('FORBIDDEN');
    await as(owner).lists.setResponseHidden({ catalogId: list.id, responseId: first.id, hidden: true });
    expect((await as(null).lists.responses({ catalogId: list.id })).responses).toHaveLength(1);
    await as(owner).lists.setResponseHidden({ catalogId: list.id, responseId: first.id, hidden: false });
    expect((await as(null).lists.responses({ catalogId: list.id })).responses).toHaveLength(2);

    await as(owner).lists.setDiscussionClosed({ catalogId: list.id, closed: true });
    const closed = await refusal(as(reader).lists.respond({ catalogId: list.id, text: 'Too late?' }));
    expect(closed).toEqual({ code: 'BAD_REQUEST', message: validationMessages.closedDiscussion('list') });
    expect((await as(null).lists.responses({ catalogId: list.id })).responses).toHaveLength(2);

    const secret = await as(owner).lists.create({ name: 'Secret', isPrivate: true });
    const hidden = { code: 'NOT_FOUND', message: accessTexts.listNotFound };
    expect(await refusal(as(reader).lists.respond({ catalogId: secret.id, text: 'Hello' }))).toEqual(hidden);
    expect(await refusal(as(reader).lists.responses({ catalogId: secret.id }))).toEqual(hidden);
  });
});
