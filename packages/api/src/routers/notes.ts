import { noteAnchorInput, noteInput } from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import {
  leaveNote,
  noteReplyPlace,
  noteThread,
  privateNotesSetting,
  replyToNote,
  setPrivateNotes,
  storyNotes,
} from '../services/notes';
import { paywallReaderOf } from '../services/paywall';
import { authedProcedure, ownProcedure, router, transactionalProcedure } from '../trpc';

const postId = entityId('story');
const noteId = entityId('note');

/** Private notes (spec §2 /p/{postId}/notes[/{noteId}], /p/notereplies/{replyId}) and the writer's setting. */
export const notesRouter = router({
  /** Leaves the writer a private note on a passage. */
  create: transactionalProcedure
    .input(noteAnchorInput.extend({ postId, content: noteInput }))
    .mutation(({ ctx, input: { postId, content, ...anchor } }) =>
      leaveNote(ctx.em, { ...paywallReaderOf(ctx), viewer: ctx.viewer }, postId, anchor, content),
    ),
  /** Replies in a note's thread. */
  reply: transactionalProcedure
    .input(z.object({ noteId, content: noteInput }))
    .mutation(({ ctx, input }) => replyToNote(ctx.em, ctx.viewer, input.noteId, input.content)),
  /** The notes on a story the viewer may see: all of them for its writer, their own for a reader. */
  ofStory: authedProcedure
    .input(z.object({ postId }))
    .query(({ ctx, input }) =>
      storyNotes(ctx.em, { ...paywallReaderOf(ctx), viewer: ctx.viewer }, input.postId),
    ),
  /** One note's thread. */
  thread: authedProcedure
    .input(z.object({ postId, noteId }))
    .query(({ ctx, input }) => noteThread(ctx.em, ctx.viewer, input.postId, input.noteId)),
  /** Where a reply is (spec §2 /p/notereplies/{replyId}). */
  replyPlace: authedProcedure
    .input(z.object({ replyId: entityId('reply') }))
    .query(({ ctx, input }) => noteReplyPlace(ctx.em, ctx.viewer, input.replyId)),
  /** The viewer's "allow private notes" setting. */
  setting: ownProcedure.query(({ ctx }) => privateNotesSetting(ctx.em, ctx.viewer)),
  /** Turns private notes on the viewer's stories on or off. */
  setSetting: transactionalProcedure
    .input(z.object({ on: z.boolean() }))
    .mutation(({ ctx, input }) => setPrivateNotes(ctx.em, ctx.viewer, input.on)),
});
