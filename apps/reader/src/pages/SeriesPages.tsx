import type { RouterOutputs } from '@quire/api';
import { useSessionStore } from '@quire/client-state';
import {
  SERIES_DESCRIPTION_MAX,
  SERIES_TITLE_MAX,
  type SeriesFilter,
  type ShareChannel,
  seriesTexts,
  shareTexts,
} from '@quire/domain';
import { Avatar, buttonClass, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PostCardItem } from '../components/PostCardItem';
import { ShareLinks } from '../components/ShareLinks';
import { SignInToSee } from '../components/SignInToSee';
import { attempt, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

type Series = RouterOutputs['series']['bySlug'];
type SeriesCard = RouterOutputs['series']['mine']['series'][number];

/** The series of a page, by its slug-id (or id); a draft is a 404 to anyone but its writer. */
function useSeries(sequenceSlug: string) {
  const trpc = useTRPC();
  return useQuery(trpc.series.bySlug.queryOptions({ sequenceSlug }));
}

/** A series' title and description, as the new-series and edit forms take them. */
function SeriesFieldsForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: { name: string; description: string };
  submitLabel: string;
  onSubmit: (fields: { name: string; description: string }) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onSubmit({ name, description });
    setBusy(false);
  };
  return (
    <form className="q-list-edit" onSubmit={(e) => void submit(e)} data-testid="series-form">
      <label className="q-field">
        {seriesTexts.title}
        <input
          value={name}
          maxLength={SERIES_TITLE_MAX}
          placeholder={seriesTexts.titlePlaceholder}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="q-field">
        {seriesTexts.description}
        <textarea
          value={description}
          maxLength={SERIES_DESCRIPTION_MAX}
          placeholder={seriesTexts.descriptionPlaceholder}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="q-list-actions">
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !name.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Spec §2 /new-series and /s/new: a new draft series, then its edit page to add stories. */
export function NewSeriesPage() {
  const client = useTRPCClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  if (!signedIn) return <SignInToSee what="your series" redirect="/new-series" />;
  return (
    <main className="q-column" data-testid="new-series">
      <h1>{seriesTexts.newSeries}</h1>
      <p className="q-card-meta">{seriesTexts.draftNote}</p>
      <SeriesFieldsForm
        initial={{ name: '', description: '' }}
        submitLabel={seriesTexts.create}
        onSubmit={(fields) =>
          attempt(async () => {
            const series = await client.series.create.mutate(fields);
            window.location.assign(`${series.path}/edit`);
          })
        }
      />
    </main>
  );
}

/** The series' header: title, writer, description, how many stories, and Draft while it is one. */
function SeriesHeader({ series }: { series: Series }) {
  return (
    <header className="q-list-header">
      <h1 className="q-list-title">{series.name}</h1>
      <p className="q-card-byline">
        <a href={`/@${series.creator.username}`}>
          <Avatar name={series.creator.name} imageId={series.creator.imageId} size="XXXS" />{' '}
          {seriesTexts.by(series.creator.name)}
        </a>
      </p>
      {series.description ? <p className="q-list-description">{series.description}</p> : null}
      <p className="q-card-meta">
        {seriesTexts.storyCount(series.storyCount)}
        {series.isPublished ? '' : ` · ${seriesTexts.draft}`}
      </p>
    </header>
  );
}

/** Spec §2 /s/{sequenceSlug} (ShowSequenceLibrary): the series and its stories in reading order. */
export function SeriesPage({ sequenceSlug }: { sequenceSlug: string }) {
  const series = useSeries(sequenceSlug);
  if (series.isError) return <NotFoundPage />;
  if (!series.data) return <main className="q-column" aria-busy="true" />;
  const s = series.data;
  return (
    <main className="q-column" data-testid="series">
      <SeriesHeader series={s} />
      <p className="q-list-links">
        {s.viewerCanEdit ? <a href={`${s.path}/edit`}>{seriesTexts.edit}</a> : null}
        {s.isPublished ? <a href={`${s.path}/share/twitter`}>{seriesTexts.share}</a> : null}
      </p>
      {s.stories.length ? (
        <ol className="q-series-stories">
          {s.stories.map((post, i) => (
            <li key={post.itemId}>
              <PostCardItem post={post} eager={i < 3} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={seriesTexts.empty} />
      )}
    </main>
  );
}

/** Spec §2 /s/{sequenceSlug}/edit (and /series/{id}/edit): the writer's edit page of a series. */
export function SeriesEditPage({ sequenceSlug }: { sequenceSlug: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const series = useSeries(sequenceSlug);
  const candidates = useQuery({
    ...trpc.series.candidates.queryOptions(),
    enabled: !!series.data?.viewerCanEdit,
  });
  const [adding, setAdding] = useState('');
  if (series.isError || (series.data && !series.data.viewerCanEdit)) return <NotFoundPage />;
  if (!series.data) return <main className="q-column" aria-busy="true" />;
  const s = series.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.series.pathKey() });
  const act = async (work: () => Promise<unknown>, done?: string) => {
    if ((await attempt(work)) && done) toast(done);
    await refresh();
  };
  return (
    <main className="q-column" data-testid="series-edit">
      <SeriesHeader series={s} />
      {s.isPublished ? null : <p className="q-card-meta">{seriesTexts.draftNote}</p>}
      <div className="q-list-actions">
        <button
          type="button"
          className={buttonClass(s.isPublished ? 'outline' : 'accent', 's')}
          onClick={() =>
            void act(
              () => client.series.publish.mutate({ seriesId: s.id, published: !s.isPublished }),
              s.isPublished ? seriesTexts.unpublished : seriesTexts.published,
            )
          }
        >
          {s.isPublished ? seriesTexts.unpublish : seriesTexts.publish}
        </button>
        <a className={buttonClass('outline', 's')} href={s.path}>
          {s.name}
        </a>
        <button
          type="button"
          className={buttonClass('text', 's')}
          onClick={() => {
            if (!window.confirm(seriesTexts.deleteConfirm)) return;
            void attempt(() => client.series.delete.mutate({ seriesId: s.id })).then((ok) => {
              if (ok) window.location.assign('/me/series');
            });
          }}
        >
          {seriesTexts.deleteSeries}
        </button>
      </div>
      <SeriesFieldsForm
        initial={s}
        submitLabel={seriesTexts.save}
        onSubmit={(fields) =>
          act(() => client.series.update.mutate({ seriesId: s.id, ...fields }), seriesTexts.saved)
        }
      />
      <h2>{seriesTexts.stories}</h2>
      {s.stories.length ? (
        <ol className="q-series-stories">
          {s.stories.map((post, i) => (
            <li key={post.itemId} className="q-list-item">
              <PostCardItem post={post} />
              <div className="q-list-item-tools">
                <button
                  type="button"
                  className="q-link-button"
                  disabled={i === 0}
                  onClick={() =>
                    void act(() =>
                      client.series.moveStory.mutate({
                        seriesId: s.id,
                        itemId: post.itemId,
                        afterItemId: s.stories[i - 2]?.itemId ?? null,
                      }),
                    )
                  }
                >
                  {seriesTexts.moveUp}
                </button>
                <button
                  type="button"
                  className="q-link-button"
                  disabled={i === s.stories.length - 1}
                  onClick={() =>
                    void act(() =>
                      client.series.moveStory.mutate({
                        seriesId: s.id,
                        itemId: post.itemId,
                        afterItemId: s.stories[i + 1]?.itemId ?? null,
                      }),
                    )
                  }
                >
                  {seriesTexts.moveDown}
                </button>
                <button
                  type="button"
                  className="q-link-button"
                  onClick={() =>
                    void act(() =>
                      client.series.setStory.mutate({ seriesId: s.id, postId: post.id, included: false }),
                    )
                  }
                >
                  {seriesTexts.remove}
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={seriesTexts.empty} />
      )}
      <h2>{seriesTexts.addStory}</h2>
      {candidates.data?.stories.length ? (
        <form
          className="q-list-actions q-series-add"
          onSubmit={(e) => {
            e.preventDefault();
            if (adding)
              void act(() =>
                client.series.setStory.mutate({ seriesId: s.id, postId: adding, included: true }),
              ).then(() => setAdding(''));
          }}
        >
          <label>
            <span className="q-visually-hidden">{seriesTexts.chooseStory}</span>
            <select value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{seriesTexts.chooseStory}</option>
              {candidates.data.stories.map((story) => (
                <option key={story.id} value={story.id}>
                  {story.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass('dark', 's')} disabled={!adding}>
            {seriesTexts.add}
          </button>
        </form>
      ) : (
        <p className="q-card-meta">{seriesTexts.noCandidates}</p>
      )}
    </main>
  );
}

/** A list of series cards. */
export function SeriesCards({ series, empty }: { series: SeriesCard[]; empty: string }) {
  if (!series.length) return <EmptyState title={empty} />;
  return (
    <ul className="q-lists">
      {series.map((s) => (
        <li key={s.id} className="q-card">
          <a className="q-card-link" href={s.path}>
            <h2>{s.name}</h2>
            {s.description ? <p>{s.description}</p> : null}
          </a>
          <p className="q-card-meta">
            {seriesTexts.storyCount(s.storyCount)}
            {s.isPublished ? '' : ` · ${seriesTexts.draft}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 /me/series[/{filterBy}] and /me/series/drafts: the viewer's published series and drafts. */
export function MySeriesPage({ filterBy }: { filterBy: SeriesFilter }) {
  const trpc = useTRPC();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const mine = useQuery({ ...trpc.series.mine.queryOptions({ filterBy }), enabled: signedIn });
  if (!signedIn) return <SignInToSee what="your series" redirect={`/me/series/${filterBy}`} />;
  return (
    <main className="q-column" data-testid="my-series">
      <div className="q-page-heading">
        <h1>{seriesTexts.yourSeries}</h1>
        <a className={buttonClass('accent', 's')} href="/new-series">
          {seriesTexts.newSeries}
        </a>
      </div>
      <nav className="q-tabs" aria-label={seriesTexts.yourSeries}>
        {(['published', 'drafts'] as const).map((tab) => (
          <a key={tab} href={`/me/series/${tab}`} aria-current={tab === filterBy ? 'page' : undefined}>
            {seriesTexts.tabs[tab]}
          </a>
        ))}
      </nav>
      {mine.data ? <SeriesCards series={mine.data.series} empty={seriesTexts.noSeries} /> : null}
    </main>
  );
}

/** Spec §2 /s/{sequenceSlug}/share/{channel}: sharing a published series to a network. */
export function SeriesSharePage({ sequenceSlug, channel }: { sequenceSlug: string; channel: ShareChannel }) {
  const trpc = useTRPC();
  const series = useSeries(sequenceSlug);
  const share = useQuery(trpc.series.shareLinks.queryOptions({ sequenceSlug }));
  if (series.isError) return <NotFoundPage />;
  if (!series.data) return <main className="q-column" aria-busy="true" />;
  const s = series.data;
  return (
    <main className="q-column q-story-subpage">
      <p className="q-card-meta">
        <a href={s.path}>{s.name}</a>
      </p>
      <h1>{shareTexts.pageTitle(s.name)}</h1>
      {share.data ? (
        <ShareLinks
          share={share.data}
          channel={channel}
          linkLabel={seriesTexts.seriesLink}
          pathFor={(c) => `${s.path}/share/${c}`}
        />
      ) : null}
    </main>
  );
}
