import type { RouterOutputs } from '@quire/api';
import { useSessionStore } from '@quire/client-state';
import { formatShortDate, NOTE_MAX, noteTexts } from '@quire/domain';
import { buttonClass, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SignInToSee } from '../components/SignInToSee';
import { failureMessage, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { StorySubPage } from './StorySubPages';

type NoteView = RouterOutputs['notes']['thread'];

/**
 * Spec §2 `/p/{postId}/notes`: the private notes on a story, all of them for its writer and their own for a
 * reader, with the passage each is about. Signed out, a way to sign in.
 */
export function NotesPage({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const notes = useQuery({ ...trpc.notes.ofStory.queryOptions({ postId }), enabled: signedIn });
  if (!signedIn) return <SignInToSee what="private notes" redirect={`/p/${postId}/notes`} />;
  if (notes.isError) return <NotFoundPage />;
  return (
    <StorySubPage postId={postId} title={noteTexts.notesTitle}>
      {(post) =>
        notes.data ? (
          <section data-testid="notes">
            <p className="q-card-meta">{noteTexts.onlyYou}</p>
            {notes.data.notes.length ? (
              <ul className="q-quotes">
                {notes.data.notes.map((note) => (
                  <li key={note.id} className="q-card">
                    <NoteBody note={note} storyUrl={post.mediumUrl} />
                    <p className="q-card-meta">
                      {noteTexts.replies(note.replies.length)} ·{' '}
                      <a href={`/p/${postId}/notes/${note.id}`}>{noteTexts.openThread}</a>
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title={noteTexts.noNotes} />
            )}
          </section>
        ) : null
      }
    </StorySubPage>
  );
}

/** A note: the passage (linked to its place in the story while it is there), who wrote it, when, and what. */
function NoteBody({ note, storyUrl }: { note: NoteView; storyUrl: string }) {
  return (
    <>
      <blockquote className="q-highlight-quote">
        {note.paragraphName ? <a href={`${storyUrl}#${note.paragraphName}`}>{note.quote}</a> : note.quote}
      </blockquote>
      {note.paragraphName ? null : <p className="q-card-meta">{noteTexts.passageGone}</p>}
      <p className="q-card-meta">
        {noteTexts.from(note.by.name)} · {formatShortDate(note.createdAt)}
      </p>
      <p>{note.content}</p>
    </>
  );
}

/**
 * Spec §2 `/p/{postId}/notes/{noteId}` (and `/p/notereplies/{replyId}`, which opens the thread at its reply): one
 * note's thread between the reader who left it and the story's writer, with the reply form.
 */
export function NotePage({ postId, noteId, replyId }: { postId: string; noteId: string; replyId?: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const options = trpc.notes.thread.queryOptions({ postId, noteId });
  const thread = useQuery({ ...options, enabled: signedIn });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  if (!signedIn) return <SignInToSee what="this note" redirect={`/p/${postId}/notes/${noteId}`} />;
  if (thread.isError) return <NotFoundPage />;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await client.notes.reply.mutate({ noteId, content: reply });
      setReply('');
      toast(noteTexts.replied);
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <StorySubPage postId={postId} title={noteTexts.noteTitle}>
      {(post) =>
        thread.data ? (
          <section className="q-note-thread" data-testid="note-thread">
            <p className="q-card-meta">{noteTexts.onlyYou}</p>
            <NoteBody note={thread.data} storyUrl={post.mediumUrl} />
            <ul className="q-quotes">
              {thread.data.replies.map((r) => (
                <li
                  key={r.id}
                  id={`reply-${r.id}`}
                  className="q-note-reply"
                  aria-current={r.id === replyId ? 'true' : undefined}
                >
                  <p className="q-card-meta">
                    {noteTexts.from(r.by.name)} · {formatShortDate(r.createdAt)}
                  </p>
                  <p>{r.content}</p>
                </li>
              ))}
            </ul>
            <form onSubmit={(e) => void send(e)}>
              <label className="q-field">
                <span className="q-visually-hidden">{noteTexts.reply}</span>
                <textarea
                  value={reply}
                  maxLength={NOTE_MAX}
                  placeholder={noteTexts.replyPlaceholder}
                  onChange={(e) => setReply(e.target.value)}
                />
              </label>
              <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !reply.trim()}>
                {noteTexts.reply}
              </button>
            </form>
          </section>
        ) : null
      }
    </StorySubPage>
  );
}

/** Spec §2 `/p/notereplies/{replyId}`: the thread the reply is in, for the two people it is between. */
export function NoteReplyPage({ replyId }: { replyId: string }) {
  const trpc = useTRPC();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const place = useQuery({ ...trpc.notes.replyPlace.queryOptions({ replyId }), enabled: signedIn });
  if (!signedIn) return <SignInToSee what="this reply" redirect={`/p/notereplies/${replyId}`} />;
  if (place.isError) return <NotFoundPage />;
  return place.data ? (
    <NotePage postId={place.data.postId} noteId={place.data.noteId} replyId={replyId} />
  ) : null;
}
