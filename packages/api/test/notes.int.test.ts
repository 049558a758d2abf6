import { Note, NoteReply, Notification, User } from '@quire/db';
import { noteTexts, type PostContent } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

const content: PostContent = {
  paragraphs: [
    { name: 'n1', type: 'P', text: 'A sentence a reader wants to talk about.', markups: [] },
    { name: 'n2', type: 'P', text: 'Another paragraph.', markups: [] },
  ],
};

async function setup() {
  const writer = await buildUser(db.em());
  const reader = await buildUser(db.em());
  const stranger = await buildUser(db.em());
  const post = await buildPost(db.em(), { creator: writer, content });
  const anchor = { postId: post.id, paragraphName: 'n1', startOffset: 2, endOffset: 10 };
  return { writer, reader, stranger, post, anchor };
}

describe('private notes', () => {
  it('goes from a reader to the writer and back, each told once; nobody else sees a word of it', async () => {
    const { writer, reader, stranger, post, anchor } = await setup();
    const note = await as(reader).notes.create({ ...anchor, content: 'Did you mean this?' });
    const toWriter = await db
      .em()
      .find(Notification, { recipient: writer.id, notificationType: 'note_created_rollup' });
    expect(toWriter).toHaveLength(1);

    const writerView = await as(writer).notes.ofStory({ postId: post.id });
    expect(writerView).toMatchObject({ isWriter: true, canLeaveNote: false });
    expect(writerView.notes.map((n) => [n.content, n.quote, n.paragraphName])).toEqual([
      ['Did you mean this?', 'sentence', 'n1'],
    ]);
    const reply = await as(writer).notes.reply({ noteId: note.id, content: 'Yes, exactly.' });
    await as(reader).notes.reply({ noteId: note.id, content: 'Thanks!' });
    const toReader = await as(reader).notifications.list({});
    expect(toReader.notifications.map((n) => [n.notificationType, n.href])).toEqual([
      ['note_replied', `/p/${post.id}/notes/${note.id}`],
    ]);
    const [toWriterShown] = (await as(writer).notifications.list({})).notifications;
    expect(toWriterShown?.href).toBe(`/p/${post.id}/notes/${note.id}`);

    const thread = await as(reader).notes.thread({ postId: post.id, noteId: note.id });
    expect(thread.replies.map((r) => r.content)).toEqual(['Yes, exactly.', 'Thanks!']);
    expect(await as(reader).notes.replyPlace({ replyId: reply.id })).toMatchObject({
      noteId: note.id,
      postId: post.id,
    });

    // A stranger: no notes on the story, and the note, its thread and its replies do not exist for them.
    expect((await as(stranger).notes.ofStory({ postId: post.id })).notes).toEqual([]);
    const hidden = { code: 'NOT_FOUND', message: noteTexts.notFound };
    expect(await refusal(as(stranger).notes.thread({ postId: post.id, noteId: note.id }))).toEqual(hidden);
    expect(await refusal(as(stranger).notes.replyPlace({ replyId: reply.id }))).toEqual(hidden);
    expect(await refusal(as(stranger).notes.reply({ noteId: note.id, content: 'Me too' }))).toEqual(hidden);
    expect((await refusal(as(null).notes.ofStory({ postId: post.id })))?.code).toBe('UNAUTHORIZED');
    expect(await db.em().count(NoteReply, { note: note.id })).toBe(2);
    expect(JSON.stringify(await as(stranger).notifications.list({}))).not.toContain('Did you mean');
  });

  it('refuses notes where the writer takes none, on their own story, empty or too long, saving nothing', async () => {
    const { writer, reader, post, anchor } = await setup();
    expect(await refusal(as(writer).notes.create({ ...anchor, content: 'Self' }))).toEqual({
      code: 'BAD_REQUEST',
      message: noteTexts.ownStory,
    });
    expect((await refusal(as(reader).notes.create({ ...anchor, content: '   ' })))?.message).toContain(
      noteTexts.empty,
    );
    expect(
      (await refusal(as(reader).notes.create({ ...anchor, content: 'x'.repeat(1001) })))?.message,
    ).toContain(noteTexts.tooLong);
    expect(
      (await refusal(as(reader).notes.create({ ...anchor, endOffset: 400, content: 'Far' })))?.code,
    ).toBe('BAD_REQUEST');
    await as(writer).notes.setSetting({ on: false });
    expect(await as(writer).notes.setting()).toEqual({ allowPrivateNotes: false });
    expect((await db.em().findOneOrFail(User, writer.id)).allowPrivateNotes).toBe(false);
    expect(await refusal(as(reader).notes.create({ ...anchor, content: 'Hello' }))).toEqual({
      code: 'BAD_REQUEST',
      message: noteTexts.notAllowed,
    });
    expect((await as(reader).notes.ofStory({ postId: post.id })).canLeaveNote).toBe(false);
    expect(await db.em().count(Note, { post: post.id })).toBe(0);
  });
});
