import { Block, MuteUser, Notification, type User } from '@quire/db';
import { MENTIONS_PER_TEXT_MAX, mentionedUsernames, type PostContent } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User) => browser(db, clock, { viewer }).caller;

const mentions = (recipient: User) =>
  db
    .em()
    .find(
      Notification,
      { recipient: recipient.id, notificationType: 'mention_in_post' },
      { populate: ['post'] },
    );

const named = (username: string) => buildUser(db.em(), { username, name: username });

describe('mentionedUsernames', () => {
  it('finds @usernames, each once and lower-cased, but not in addresses or URLs', () => {
    expect(
      mentionedUsernames(
        'Thanks @Ada_L and @bob! cc @ada_l, mail me@host.com, see example.com/@carol or @x1',
      ),
    ).toEqual(['ada_l', 'bob']);
    expect(mentionedUsernames('@abc\n(@def) "@ghi"')).toEqual(['abc', 'def', 'ghi']);
    const many = Array.from({ length: 30 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedUsernames(many)).toHaveLength(MENTIONS_PER_TEXT_MAX);
  });
});

describe('mentions (mention_in_post)', () => {
  it('tells the readers a response mentions, once each; not the author answered, the writer, muters or blockers', async () => {
    const writer = await named('mwriter');
    const responder = await named('mresponder');
    const [ada, bob, muter] = [await named('mada'), await named('mbob'), await named('mmuter')];
    const blocker = await named('mblocker');
    const em = db.em();
    em.create(MuteUser, { user: muter, target: responder });
    em.create(Block, { blocker, blocked: responder });
    await em.flush();
    const post = await buildPost(db.em(), { creator: writer });

    const response = await as(responder).posts.respond({
      postId: post.id,
      text: 'Agree with @MAda and @mbob, not @mada again. @mwriter, @mresponder, @mmuter, @mblocker, @nobody_here',
    });
    for (const user of [ada, bob]) {
      expect((await mentions(user)).map((n) => n.post?.id)).toEqual([response.id]);
    }
    // The writer hears of the response itself; the responder never of themself; muters and blockers not at all.
    for (const user of [writer, responder, muter, blocker]) expect(await mentions(user)).toEqual([]);
  });

  it('tells the readers a story mentions when it is published, and only new ones when changes are published', async () => {
    const writer = await named('swriter');
    const [cal, dee] = [await named('scal'), await named('sdee')];
    const api = as(writer);
    const content = (text: string): PostContent => ({
      paragraphs: [{ name: 'p001', type: 'P', text, markups: [] }],
    });
    const { id } = await api.posts.createDraft({});
    await api.posts.save({ id, baseRev: 0, title: 'Mentions', content: content('Written with @scal.') });
    await api.posts.publish({ id, baseRev: 1, topics: [] });
    expect((await mentions(cal)).map((n) => n.post?.id)).toEqual([id]);

    clock.advance(60 * 60_000);
    await api.posts.save({ id, baseRev: 1, title: 'Mentions', content: content('With @scal and @sdee.') });
    await api.posts.publishChanges({ id, baseRev: 2 });
    expect(await mentions(cal)).toHaveLength(1);
    expect((await mentions(dee)).map((n) => n.post?.id)).toEqual([id]);
  });
});
