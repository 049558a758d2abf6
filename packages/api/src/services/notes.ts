import type { EntityManager } from '@mikro-orm/postgresql';
import { Note, NoteReply, type Post, User } from '@quire/db';
import { anchorHighlight, type HighlightAnchor, noteTexts, notificationTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { authorize, can, enforce, loadPolicyViewer } from '../policies';
import { notify } from './notifications';
import { passageText, readableParagraphs } from './passages';
import type { PaywallReader } from './paywall';
import { postPath, storyFor } from './posts';

/*
 * Private notes (spec §2 /p/{postId}/notes[/{noteId}], /p/notereplies/{replyId}): a reader leaves the writer a
 * note on a passage when the writer takes notes (policy leaveNote); the two reply to each other. A note and its
 * replies are seen by those two alone (policy viewNote): to anyone else, in any call, they do not exist.
 */

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: noteTexts.notFound });

/** The note with its story (and the story's writer) and its author. */
const loadNote = (em: EntityManager, noteId: string) =>
  em.findOne(Note, { id: noteId }, { populate: ['user', 'post', 'post.creator'] });

/** A note the viewer may see (they left it, or wrote the story), or NOT_FOUND. */
async function visibleNote(em: EntityManager, viewer: User, noteId: string) {
  const note = await loadNote(em, noteId);
  if (!note) throw notFound();
  await enforce(em, viewer, 'viewNote', note);
  return note;
}

/** Leaves the writer a private note on a passage the reader is sent; the writer is told (folded per story). */
export async function leaveNote(
  em: EntityManager,
  reader: PaywallReader & { viewer: User },
  postId: string,
  anchor: HighlightAnchor,
  content: string,
) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  await enforce(em, reader.viewer, 'leaveNote', post);
  const quote = passageText(paragraphs, anchor);
  const note = em.create(Note, { user: reader.viewer, post, ...anchor, quote, content });
  await em.flush();
  await notify(em, {
    recipient: post.creator,
    type: 'note_created_rollup',
    actor: reader.viewer,
    post,
    note,
  });
  return { id: note.id, postId: post.id };
}

/** Replies in a note's thread, as its reader or the story's writer; the other one is told. */
export async function replyToNote(em: EntityManager, viewer: User, noteId: string, content: string) {
  const note = await visibleNote(em, viewer, noteId);
  const reply = em.create(NoteReply, { note, user: viewer, content });
  await em.flush();
  const other = viewer.id === note.user.id ? note.post.creator : note.user;
  await notify(em, {
    recipient: other,
    type: 'note_replied',
    actor: viewer,
    post: note.post,
    note,
    noteReply: reply,
  });
  return { id: reply.id, noteId: note.id };
}

/** The replies to each of `notes`, oldest first, in one query. */
async function repliesOf(em: EntityManager, notes: Note[]) {
  const replies = notes.length
    ? await em.find(
        NoteReply,
        { note: { $in: notes.map((n) => n.id) } },
        { populate: ['user'], orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  const byNote = new Map<string, NoteReply[]>();
  for (const r of replies) byNote.set(r.note.id, [...(byNote.get(r.note.id) ?? []), r]);
  return byNote;
}

const person = (u: User) => ({
  id: u.id,
  name: u.isDeleted ? notificationTexts.deletedUser : u.name,
  username: u.username,
});

/** One note as its thread shows it: the passage where it still is, the note, who wrote it, and the replies. */
function noteView(note: Note, replies: NoteReply[], paragraphs: readonly { name: string; text: string }[]) {
  const at = anchorHighlight(paragraphs, {
    paragraphName: note.paragraphName,
    startOffset: note.startOffset,
    endOffset: note.endOffset,
    quote: note.quote,
  });
  return {
    id: note.id,
    content: note.content,
    quote: note.quote,
    paragraphName: at?.paragraphName ?? null,
    createdAt: note.createdAt.toISOString(),
    by: person(note.user),
    replies: replies.map((r) => ({
      id: r.id,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      by: person(r.user),
    })),
  };
}

/**
 * Spec §2 `/p/{postId}/notes`: the story's writer sees every note on it, newest first; a reader sees the notes
 * they left; anyone else, none. Whether the viewer may leave one is said too.
 */
export async function storyNotes(
  em: EntityManager,
  reader: PaywallReader & { viewer: User },
  postId: string,
) {
  const { post, paragraphs } = await readableParagraphs(em, reader, postId);
  const policy = await loadPolicyViewer(em, reader.viewer);
  const isWriter = post.creator.id === reader.viewer.id;
  const notes = await em.find(
    Note,
    { post: post.id, ...(isWriter ? {} : { user: reader.viewer.id }) },
    { populate: ['user', 'post', 'post.creator'], orderBy: { createdAt: 'desc' }, limit: 100 },
  );
  const shown = notes.filter((n) => can(policy, 'viewNote', n));
  return {
    isWriter,
    canLeaveNote: can(policy, 'leaveNote', post),
    notes: await repliesOf(em, shown).then((replies) =>
      shown.map((n) => noteView(n, replies.get(n.id) ?? [], paragraphs)),
    ),
  };
}

/** Spec §2 `/p/{postId}/notes/{noteId}`: one note's thread, for its reader and the story's writer alone. */
export async function noteThread(em: EntityManager, viewer: User, postId: string, noteId: string) {
  const note = await visibleNote(em, viewer, noteId);
  if (note.post.id !== postId) throw notFound();
  const post = await storyFor(em, viewer, postId);
  const replies = await repliesOf(em, [note]);
  return noteView(note, replies.get(note.id) ?? [], post.content.paragraphs);
}

/** Spec §2 `/p/notereplies/{replyId}`: where a reply is (its story and note), for those who may see it. */
export async function noteReplyPlace(em: EntityManager, viewer: User, replyId: string) {
  const reply = await em.findOne(NoteReply, { id: replyId }, { populate: ['note'] });
  if (!reply) throw notFound();
  const note = await visibleNote(em, viewer, reply.note.id);
  return { postId: note.post.id, noteId: note.id, replyId: reply.id, storyPath: postPath(note.post as Post) };
}

/** The viewer's "publishing allow private notes" setting (spec §3 notification settings). */
export async function privateNotesSetting(em: EntityManager, viewer: User) {
  const user = await em.findOneOrFail(User, viewer.id, { fields: ['allowPrivateNotes'] });
  return { allowPrivateNotes: user.allowPrivateNotes };
}

/** Turns the viewer's private notes on or off (their own setting; actAs keeps it theirs). */
export async function setPrivateNotes(em: EntityManager, viewer: User, on: boolean) {
  authorize(await loadPolicyViewer(em, viewer), 'actAs', viewer);
  const user = await em.findOneOrFail(User, viewer.id);
  user.allowPrivateNotes = on;
  await em.flush();
  return { allowPrivateNotes: on };
}
