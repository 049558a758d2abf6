import type { RouterOutputs } from '@quire/api';
import {
  formatShortDate,
  PUBLICATION_STORY_FILTERS,
  type PublicationStoryFilter,
  quireRoutes,
  SUBMISSION_NOTE_MAX,
  publicationStoriesTexts as texts,
} from '@quire/domain';
import { Avatar, Button, EmptyState, PostBody } from '@quire/ui';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TabNav } from '../../components/TabNav';
import { attempt, toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { Field } from '../settings/AccountSection';
import { publicationStoriesQuery } from './publication-queries';

type Page = RouterOutputs['publicationStories']['list'];
type Story = Page['stories'][number];

const tabPath = (slug: string, tab: PublicationStoryFilter) =>
  quireRoutes.build('ShowByCollectionSlugStoriesByFilterBy', { collectionSlug: slug, filterBy: tab });

/** The submission's text as approving would publish it, loaded when the editor opens it. */
function SubmissionPreview({ postId }: { postId: string }) {
  const preview = useQuery(useTRPC().publicationStories.submission.queryOptions({ postId }));
  if (!preview.data) return <p aria-busy="true" />;
  return (
    <div className="q-preview-panel" data-testid="submission-preview">
      <h3>{preview.data.title || texts.untitled}</h3>
      {preview.data.subtitle ? <p className="q-card-meta">{preview.data.subtitle}</p> : null}
      <PostBody paragraphs={preview.data.paragraphs} />
    </div>
  );
}

/** What an editor can do with a submission: preview, publish, decline or send back with a note. */
function SubmissionActions({ story, onDone }: { story: Story; onDone: () => Promise<void> }) {
  const client = useTRPCClient();
  const [open, setOpen] = useState<'preview' | 'decline' | 'changes' | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<{ message: string }>) => {
    setBusy(true);
    const ok = await attempt(async () => {
      const { message } = await change();
      toast(message);
      await onDone();
    });
    if (!ok) setBusy(false);
  };
  const toggle = (what: 'preview' | 'decline' | 'changes') => setOpen(open === what ? null : what);
  const postId = story.id;
  return (
    <>
      <div className="q-row-actions">
        <Button size="s" onClick={() => toggle('preview')} aria-expanded={open === 'preview'}>
          {texts.preview}
        </Button>
        <Button
          variant="dark"
          size="s"
          disabled={busy}
          onClick={() => void run(() => client.publicationStories.approve.mutate({ postId }))}
        >
          {texts.approve}
        </Button>
        <Button size="s" onClick={() => toggle('changes')} aria-expanded={open === 'changes'}>
          {texts.requestChanges}
        </Button>
        <Button variant="text" size="s" onClick={() => toggle('decline')} aria-expanded={open === 'decline'}>
          {texts.decline}
        </Button>
      </div>
      {open === 'preview' ? <SubmissionPreview postId={postId} /> : null}
      {open === 'decline' || open === 'changes' ? (
        <form
          className="q-account-form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() =>
              open === 'decline'
                ? client.publicationStories.decline.mutate({ postId, note })
                : client.publicationStories.requestChanges.mutate({ postId, note }),
            );
          }}
        >
          <Field label={open === 'decline' ? texts.noteOptionalLabel : texts.noteLabel}>
            {(props) => (
              <textarea
                {...props}
                value={note}
                maxLength={SUBMISSION_NOTE_MAX + 20}
                placeholder={texts.notePlaceholder}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <div className="q-row-actions">
            <Button
              type="submit"
              variant="dark"
              size="s"
              disabled={busy || (open === 'changes' && !note.trim())}
            >
              {open === 'decline' ? texts.decline : texts.requestChanges}
            </Button>
            <Button variant="text" size="s" onClick={() => setOpen(null)}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}

/** One story of a tab: title, writer, date, the editors' note, and the queue's actions on a submission. */
function StoryRow({ story, onDone }: { story: Story; onDone: () => Promise<void> }) {
  const date = story.submittedAt ?? story.publishedAt ?? story.updatedAt;
  const when = date
    ? story.publishedAt && !story.submittedAt
      ? texts.publishedOn(formatShortDate(new Date(date)))
      : texts.submittedOn(formatShortDate(new Date(date)))
    : null;
  const href = story.mediumUrl ?? story.editUrl;
  return (
    <li className="q-publication-story" data-testid="publication-story">
      <div className="q-person">
        <Avatar name={story.writer.name} imageId={story.writer.imageId} size="S" lazy />
        <div className="q-person-text">
          <a className="q-person-name" href={href}>
            {story.title || texts.untitled}
          </a>
          <p>
            {story.statusForCollection === 'PENDING'
              ? texts.submittedBy(story.writer.name)
              : texts.by(story.writer.name)}
            {when ? ` · ${when}` : ''}
            {story.label ? ` · ${story.label}` : ''}
          </p>
          {story.note ? <p className="q-quoted-note">{story.note}</p> : null}
        </div>
      </div>
      {story.statusForCollection === 'PENDING' ? <SubmissionActions story={story} onDone={onDone} /> : null}
    </li>
  );
}

/**
 * Spec §2 /{collectionSlug}/stories[/{filterBy}], /stories/submissions and /submissions: the publication's
 * stories by tab, for its owner and editors; the Submissions tab is the review queue.
 */
export function PublicationStoriesPage({
  slug,
  filterBy,
}: {
  slug: string;
  filterBy: PublicationStoryFilter;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = publicationStoriesQuery(trpc, slug, filterBy);
  const list = useInfiniteQuery(query);
  if (list.isError) return <NotFoundPage />;
  const pages = list.data?.pages ?? [];
  const first = pages[0];
  if (!first) return <main className="q-column" aria-busy="true" />;
  const stories = pages.flatMap((page) => page.stories);
  const names = Object.fromEntries(
    PUBLICATION_STORY_FILTERS.map((tab) => [tab, `${texts.tabs[tab]} (${first.counts[tab]})`]),
  ) as Record<PublicationStoryFilter, string>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.publicationStories.list.pathKey() });
  return (
    <main className="q-column" data-testid="publication-stories" data-tab={filterBy}>
      <p className="q-card-meta">
        <a href={quireRoutes.build('ShowCollectionHome', { collectionSlug: first.publication.slug })}>
          {first.publication.name}
        </a>
      </p>
      <h1>{filterBy === 'submissions' ? texts.submissionsTitle : texts.title}</h1>
      <TabNav
        label={texts.title}
        tabs={PUBLICATION_STORY_FILTERS}
        current={filterBy}
        names={names}
        href={(tab) => tabPath(first.publication.slug, tab)}
      />
      {stories.length ? (
        <ul className="q-lists">
          {stories.map((story) => (
            <StoryRow key={story.id} story={story} onDone={refresh} />
          ))}
        </ul>
      ) : (
        <EmptyState title={texts.empty[filterBy]} />
      )}
      {list.hasNextPage ? (
        <div className="q-load-more">
          <Button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {texts.loadMore}
          </Button>
        </div>
      ) : null}
    </main>
  );
}
