import { LICENSE_LABELS, License, publishEmailTexts } from '@quire/domain';
import { CloseIcon, useFocusTrap } from '@quire/ui';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { type EditorState, errorMessage, type PublishResult, trpc } from './api';

export const MAX_TOPICS = 5;

/** Adds a topic unless it is blank, already there (any case) or one too many; returns the list and any message. */
export function addTopic(topics: readonly string[], raw: string): { topics: string[]; error: string | null } {
  const topic = raw.trim().replace(/\s+/g, ' ').slice(0, 50);
  if (!topic) return { topics: [...topics], error: null };
  if (topics.some((t) => t.toLowerCase() === topic.toLowerCase()))
    return { topics: [...topics], error: null };
  if (topics.length >= MAX_TOPICS) return { topics: [...topics], error: `Add up to ${MAX_TOPICS} topics.` };
  return { topics: [...topics, topic], error: null };
}

/** What the dialog reads from the open draft for its previews. */
export interface DraftPreview {
  title: string;
  /** The first lines of text, the default preview subtitle. */
  excerpt: string;
  /** The story's image ids, in order (the first is the default preview image). */
  imageIds: string[];
}

/** The publications the story may go to: those the viewer writes for, plus the one the draft was started in. */
function publicationChoices(post: EditorState) {
  const choices = new Map<string, string>();
  for (const c of post.publications) choices.set(c.id, c.name);
  for (const c of [post.collection, post.pendingCollection])
    if (c && !choices.has(c.id)) choices.set(c.id, c.name);
  return [...choices].map(([id, name]) => ({ id, name }));
}

/**
 * Whether the viewer may make the story members-only once published in `collectionId` (none: where it is), as
 * the server's policy answered for the story (editorState canLock, lockPublicationIds).
 */
export function mayLockIn(
  post: Pick<EditorState, 'canLock' | 'lockPublicationIds' | 'collection'>,
  collectionId: string,
) {
  return !collectionId || collectionId === post.collection?.id
    ? post.canLock
    : post.lockPublicationIds.includes(collectionId);
}

/**
 * Publish / story settings (spec §2 "Story settings"): preview title, subtitle and image, up to 5 topics, the
 * publication, members-only lock, license and unlisted; publishing in a publication as a writer submits it.
 */
export function PublishDialog(props: {
  post: EditorState;
  preview: DraftPreview;
  /** Saves what is pending; answers the base revision to publish, or why it cannot. */
  prepare(): Promise<{ baseRev: number } | { error: string }>;
  onPublished(result: Extract<PublishResult, { __typename: 'Published' }>): void;
  onSubmitted(label: string): void;
  onClose(): void;
}) {
  const { post, preview } = props;
  const ids = useId();
  const [previewTitle, setPreviewTitle] = useState(preview.title);
  const [previewSubtitle, setPreviewSubtitle] = useState(post.subtitle ?? preview.excerpt);
  const [previewImageId, setPreviewImageId] = useState<string | null>(
    post.previewImageId && preview.imageIds.includes(post.previewImageId)
      ? post.previewImageId
      : (preview.imageIds[0] ?? null),
  );
  const [topics, setTopics] = useState<string[]>(post.topics);
  const [topicDraft, setTopicDraft] = useState('');
  const [collectionId, setCollectionId] = useState(post.collection?.id ?? post.pendingCollection?.id ?? '');
  const [isLocked, setLocked] = useState(post.isLocked);
  const [license, setLicense] = useState<License>(post.license as License);
  const [unlisted, setUnlisted] = useState(post.visibility === 'UNLISTED');
  const [emailSubscribers, setEmailSubscribers] = useState(post.emailSubscribers);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // Writers who may not lock it do not get the choice; a story already locked can still be opened up.
  const lockShown = post.isLocked || mayLockIn(post, collectionId);

  // Tab stays inside the dialog, Escape closes it (not while publishing), and focus returns to Publish.
  const dialogRef = useFocusTrap<HTMLFormElement>(true, { onEscape: () => !busy && props.onClose() });

  const commitTopic = () => {
    const next = addTopic(topics, topicDraft);
    setTopics(next.topics);
    setError(next.error);
    if (!next.error) setTopicDraft('');
  };
  const onTopicKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commitTopic();
    } else if (e.key === 'Backspace' && !topicDraft && topics.length) {
      setTopics(topics.slice(0, -1));
    }
  };

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const pendingTopic = addTopic(topics, topicDraft);
    if (pendingTopic.error) return setError(pendingTopic.error);
    setTopics(pendingTopic.topics);
    setTopicDraft('');
    setBusy(true);
    setError(null);
    try {
      const ready = await props.prepare();
      if ('error' in ready) throw new Error(ready.error);
      const subtitle = previewSubtitle.trim() || null;
      const result = await trpc.posts.publish.mutate({
        id: post.id,
        baseRev: ready.baseRev,
        previewTitle: previewTitle.trim() || null,
        previewSubtitle: subtitle,
        subtitle,
        previewImageId,
        topics: pendingTopic.topics,
        collectionId: collectionId || null,
        isLocked: lockShown && isLocked,
        license,
        unlisted,
        emailSubscribers,
      });
      if (result.__typename === 'Published') props.onPublished(result);
      else {
        setSubmitted(result.label);
        props.onSubmitted(result.label);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const choices = publicationChoices(post);
  return (
    <div className="e-dialog-backdrop">
      <form
        ref={dialogRef}
        className="e-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-h`}
        data-testid="publish-dialog"
        onSubmit={publish}
      >
        <button type="button" className="e-dialog-close" aria-label="Close" onClick={props.onClose}>
          <CloseIcon size={24} />
        </button>
        <section className="e-dialog-preview">
          <h2 id={`${ids}-h`}>Story preview</h2>
          {previewImageId ? (
            <img
              className="e-preview-image"
              src={`/media/${encodeURIComponent(previewImageId)}?w=400`}
              alt=""
            />
          ) : (
            <div className="e-preview-image e-preview-empty">Include a high-quality image in your story.</div>
          )}
          {preview.imageIds.length > 1 ? (
            <label className="e-field">
              <span>Preview image</span>
              <select
                value={previewImageId ?? ''}
                onChange={(e) => setPreviewImageId(e.target.value || null)}
              >
                {preview.imageIds.map((id, i) => (
                  <option key={id} value={id}>
                    Image {i + 1}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="e-field">
            <span>Preview title</span>
            <input value={previewTitle} maxLength={300} onChange={(e) => setPreviewTitle(e.target.value)} />
          </label>
          <label className="e-field">
            <span>Preview subtitle</span>
            <input
              value={previewSubtitle}
              maxLength={500}
              onChange={(e) => setPreviewSubtitle(e.target.value)}
            />
          </label>
        </section>
        <section className="e-dialog-settings">
          <label className="e-field" htmlFor={`${ids}-topic`}>
            <span>Add or change topics (up to {MAX_TOPICS}) so readers know what your story is about</span>
          </label>
          <div className="e-topics">
            {topics.map((t) => (
              <span className="e-chip" key={t} data-testid="topic-chip">
                {t}
                <button
                  type="button"
                  aria-label={`Remove ${t}`}
                  onClick={() => setTopics(topics.filter((x) => x !== t))}
                >
                  <CloseIcon size={14} />
                </button>
              </span>
            ))}
            <input
              id={`${ids}-topic`}
              data-testid="topic-input"
              placeholder="Add a topic…"
              value={topicDraft}
              onChange={(e) => setTopicDraft(e.target.value)}
              onKeyDown={onTopicKey}
              onBlur={() => topicDraft.trim() && commitTopic()}
            />
          </div>
          <label className="e-field">
            <span>Publication</span>
            <select
              data-testid="publication-select"
              value={collectionId}
              onChange={(e) => setCollectionId(e.target.value)}
            >
              <option value="">None (your profile)</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {lockShown ? (
            <label className="e-check">
              <input
                type="checkbox"
                data-testid="members-only"
                checked={isLocked}
                onChange={(e) => setLocked(e.target.checked)}
              />
              Make this story members-only
            </label>
          ) : null}
          <label className="e-field">
            <span>License</span>
            <select value={license} onChange={(e) => setLicense(e.target.value as License)}>
              {License.map((l) => (
                <option key={l} value={l}>
                  {LICENSE_LABELS[l]}
                </option>
              ))}
            </select>
          </label>
          <label className="e-check">
            <input type="checkbox" checked={unlisted} onChange={(e) => setUnlisted(e.target.checked)} />
            Unlisted (only people with the link can find it)
          </label>
          {post.newsletterSubscriberCount !== null && !unlisted ? (
            <label className="e-check">
              <input
                type="checkbox"
                data-testid="email-subscribers"
                checked={emailSubscribers}
                onChange={(e) => setEmailSubscribers(e.target.checked)}
              />
              {publishEmailTexts.emailSubscribers(post.newsletterSubscriberCount)}
            </label>
          ) : null}
          {error ? (
            <p className="e-error" role="alert">
              {error}
            </p>
          ) : null}
          {submitted ? (
            <p className="e-submitted" role="status" data-testid="submitted-label">
              {submitted}
            </p>
          ) : null}
          <div className="e-dialog-actions">
            <button type="submit" className="e-publish" data-testid="publish-now" disabled={busy}>
              {busy ? 'Publishing…' : 'Publish now'}
            </button>
            <button type="button" className="e-link-button" onClick={props.onClose} disabled={busy}>
              Cancel
            </button>
          </div>
        </section>
      </form>
    </div>
  );
}
