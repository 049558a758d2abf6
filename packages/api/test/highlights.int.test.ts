import { Highlight, MeterEntry, Notification, type User } from '@quire/db';
import { highlightTexts, type PostContent } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

const SECRET = 'A members-only sentence past the preview.';
const content: PostContent = {
  paragraphs: [
    { name: 'a1', type: 'P', text: 'The opening anyone may read.', markups: [] },
    { name: 'a2', type: 'P', text: 'A second free paragraph.', markups: [] },
    { name: 'a3', type: 'P', text: 'The end of the preview.', markups: [] },
    { name: 'a4', type: 'P', text: SECRET, markups: [] },
  ],
};

async function setup(isLocked = false) {
  const writer = await buildUser(db.em());
  const reader = await buildUser(db.em());
  const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
  const post = await buildPost(db.em(), { creator: writer, content, isLocked });
  return { writer, reader, member, post };
}

describe('highlights (spec §1, §3 Notification.quote)', () => {
  it('highlights a passage, shows it to its reader, tells the writer once per story, and removes it', async () => {
    const { writer, reader, member, post } = await setup();
    const made = await as(reader).highlights.create({
      postId: post.id,
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
    });
    expect(made).toMatchObject({ quote: 'opening', paragraphName: 'a1', startOffset: 4, endOffset: 11 });
    await as(member).highlights.create({
      postId: post.id,
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
    });
    await as(reader).highlights.create({
      postId: post.id,
      paragraphName: 'a2',
      startOffset: 2,
      endOffset: 8,
    });

    const seen = await as(reader).highlights.ofStory({ postId: post.id });
    expect(seen.mine.map((h) => h.paragraphName)).toEqual(['a1', 'a2']);
    // Two readers marked 'opening': the story's top highlight, for anyone.
    expect((await as(null).highlights.ofStory({ postId: post.id })).top).toEqual({
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
      readers: 2,
    });
    const notes = await db
      .em()
      .find(Notification, { recipient: writer.id, notificationType: 'quote_rollup' });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.rollupItems.map((i) => i.actorId).sort()).toEqual([reader.id, member.id].sort());
    const [shown] = (await as(writer).notifications.list({})).notifications;
    expect(shown).toMatchObject({
      href: `/p/${post.id}/quotes`,
      quote: { quoteParagraphPreview: 'opening' },
    });

    // The reader's profile lists it; the quote page shows it with who made it.
    const profile = await as(null).discovery.profile.highlights({ username: reader.username });
    expect(profile.highlights.map((h) => h.quote)).toEqual(['second', 'opening']);
    expect(await as(null).highlights.quote({ postId: post.id, quoteId: made.id })).toMatchObject({
      quote: 'opening',
      by: { username: reader.username },
    });
    expect(
      (await as(null).highlights.quotes({ postId: post.id })).quotes.map((q) => [q.quote, q.readers]),
    ).toEqual([
      ['opening', 2],
      ['second', 1],
    ]);

    expect((await refusal(as(member).highlights.remove({ highlightId: made.id })))?.code).toBe('NOT_FOUND');
    await as(reader).highlights.remove({ highlightId: made.id });
    expect(
      (await as(reader).highlights.ofStory({ postId: post.id })).mine.map((h) => h.paragraphName),
    ).toEqual(['a2']);
  });

  it('refuses offsets outside the paragraph, unknown paragraphs and blank spans, saving nothing', async () => {
    const { reader, post } = await setup();
    for (const anchor of [
      { paragraphName: 'a1', startOffset: 5, endOffset: 500 },
      { paragraphName: 'a1', startOffset: 8, endOffset: 8 },
      { paragraphName: 'a1', startOffset: 9, endOffset: 4 },
      { paragraphName: 'zz', startOffset: 0, endOffset: 3 },
      { paragraphName: 'a1', startOffset: 3, endOffset: 4 },
    ]) {
      expect(await refusal(as(reader).highlights.create({ postId: post.id, ...anchor }))).toEqual({
        code: 'BAD_REQUEST',
        message: highlightTexts.notAPassage,
      });
    }
    expect(
      (
        await refusal(
          as(reader).highlights.create({
            postId: post.id,
            paragraphName: 'a1',
            startOffset: -1,
            endOffset: 3,
          }),
        )
      )?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await refusal(
          as(null).highlights.create({ postId: post.id, paragraphName: 'a1', startOffset: 0, endOffset: 3 }),
        )
      )?.code,
    ).toBe('UNAUTHORIZED');
    expect(await db.em().count(Highlight, { post: post.id })).toBe(0);
  });

  it("keeps a members-only story's text past the preview from readers who may not read it, and spends no free story", async () => {
    const { reader, member, post } = await setup(true);
    // A non-member may highlight the preview, not what lies past it.
    await as(reader).highlights.create({
      postId: post.id,
      paragraphName: 'a1',
      startOffset: 4,
      endOffset: 11,
    });
    expect(
      await refusal(
        as(reader).highlights.create({ postId: post.id, paragraphName: 'a4', startOffset: 2, endOffset: 14 }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: highlightTexts.notAPassage });
    const secret = await as(member).highlights.create({
      postId: post.id,
      paragraphName: 'a4',
      startOffset: 2,
      endOffset: 14,
    });
    const other = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    await as(other).highlights.create({
      postId: post.id,
      paragraphName: 'a4',
      startOffset: 2,
      endOffset: 14,
    });

    // The top highlight lies past the preview: members see it, others do not; nor its quote page or list.
    expect((await as(member).highlights.ofStory({ postId: post.id })).top?.paragraphName).toBe('a4');
    expect((await as(reader).highlights.ofStory({ postId: post.id })).top).toBeNull();
    expect((await as(null).highlights.ofStory({ postId: post.id })).top).toBeNull();
    expect((await as(null).highlights.quote({ postId: post.id, quoteId: secret.id })).quote).toBeNull();
    const listed = JSON.stringify(await as(reader).highlights.quotes({ postId: post.id }));
    expect(listed).not.toContain('members-only sentence');
    expect(
      JSON.stringify(await as(null).discovery.profile.highlights({ username: member.username })),
    ).not.toContain('members-only sentence');
    expect(await db.em().count(MeterEntry, { user: reader.id })).toBe(0);
  });
});
