import type { RouterOutputs } from '@quire/api';
import {
  NAV_FORM_TYPES,
  NAVIGATION_LIMITS,
  type NavItemInput,
  quireRoutes,
  slugify,
  navigationTexts as texts,
} from '@quire/domain';
import { Button, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { attempt, toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { Field, refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';

type Settings = RouterOutputs['publications']['navigation'];
type FormType = (typeof NAV_FORM_TYPES)[number];

/** A tab as the form holds it: every target field, the type deciding which is sent. */
interface Row {
  type: FormType | 'POST';
  title: string;
  tagSlug: string;
  url: string;
  postId: string;
}

const rowOf = (item: Settings['navItems'][number]): Row => ({
  type: item.type as Row['type'],
  title: item.title,
  tagSlug: item.tagSlug ?? '',
  url: item.url ?? '',
  postId: item.postId ?? '',
});

/** The tab as the server takes it. */
function itemOf(row: Row): NavItemInput {
  const { type, title } = row;
  if (type === 'TAG' || type === 'TOPIC_PAGE') return { type, title, tagSlug: row.tagSlug };
  if (type === 'EXTERNAL_LINK') return { type, title, url: row.url };
  if (type === 'POST') return { type, title, postId: row.postId };
  return { type, title };
}

const path = (name: string, slug: string, extra: Record<string, string> = {}) =>
  quireRoutes.build(name, { collectionSlug: slug, ...extra });

/** The navigation and feature pages' settings query (editors only: anyone else gets the 404 page). */
function useNavigation(slug: string) {
  return useQuery(useTRPC().publications.navigation.queryOptions({ slug }));
}

function Crumb({ settings }: { settings: Settings }) {
  return (
    <p className="q-card-meta">
      <a href={path('ShowCollectionHome', settings.publication.slug)}>{settings.publication.name}</a>
    </p>
  );
}

/** One tab's fields: type, title and where it goes. */
function RowFields({
  row,
  settings,
  onChange,
}: {
  row: Row;
  settings: Settings;
  onChange: (row: Row) => void;
}) {
  const set = (patch: Partial<Row>) => onChange({ ...row, ...patch });
  return (
    <>
      <Field label={texts.itemTarget}>
        {(props) => (
          <select {...props} value={row.type} onChange={(e) => set({ type: e.target.value as FormType })}>
            {NAV_FORM_TYPES.map((type) => (
              <option key={type} value={type}>
                {texts.itemTypes[type]}
              </option>
            ))}
            {row.type === 'POST' ? <option value="POST">{texts.itemTypes.POST}</option> : null}
          </select>
        )}
      </Field>
      <Field label={texts.itemTitle}>
        {(props) => (
          <input
            {...props}
            value={row.title}
            maxLength={NAVIGATION_LIMITS.itemTitleMax + 10}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </Field>
      {row.type === 'TAG' ? (
        <Field label={texts.itemTag}>
          {(props) => (
            <input {...props} value={row.tagSlug} onChange={(e) => set({ tagSlug: e.target.value })} />
          )}
        </Field>
      ) : null}
      {row.type === 'TOPIC_PAGE' ? (
        <Field label={texts.itemPage}>
          {(props) => (
            <select {...props} value={row.tagSlug} onChange={(e) => set({ tagSlug: e.target.value })}>
              <option value="" />
              {settings.featurePages.map((page) => (
                <option key={page.slug} value={page.slug}>
                  {page.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {row.type === 'EXTERNAL_LINK' ? (
        <Field label={texts.itemUrl}>
          {(props) => (
            <input {...props} type="url" value={row.url} onChange={(e) => set({ url: e.target.value })} />
          )}
        </Field>
      ) : null}
    </>
  );
}

/** The tabs' form: add, change, reorder and remove tabs, then save them together. */
function NavigationForm({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => settings.navItems.map(rowOf));
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const replace = (i: number, row: Row) => setRows(rows.map((r, j) => (j === i ? row : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    setRows(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const saved = await client.publications.saveNavigation.mutate({
        collectionId: settings.publication.id,
        items: rows.map(itemOf),
      });
      void queryClient.invalidateQueries({ queryKey: trpc.publications.navigation.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.publications.home.pathKey() });
      setStatus({ text: saved.message, ok: true });
    } catch (error) {
      const refusal = refusalOf(error);
      setStatus({ text: Object.values(refusal.fields)[0] ?? refusal.message ?? '', ok: false });
    }
  };
  return (
    <form
      className="q-account-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="navigation-form"
    >
      <ol className="q-nav-rows">
        {rows.map((row, i) => (
          <li key={i} className="q-nav-row" data-testid="nav-row">
            <RowFields row={row} settings={settings} onChange={(next) => replace(i, next)} />
            <div className="q-row-actions">
              <Button size="s" variant="text" disabled={i === 0} onClick={() => move(i, -1)}>
                {texts.moveUp}
              </Button>
              <Button size="s" variant="text" disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                {texts.moveDown}
              </Button>
              <Button size="s" variant="text" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                {texts.removeItem}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="q-settings-actions">
        <Button
          size="s"
          disabled={rows.length >= NAVIGATION_LIMITS.itemsMax}
          onClick={() => setRows([...rows, { type: 'ABOUT', title: '', tagSlug: '', url: '', postId: '' }])}
        >
          {texts.addItem}
        </Button>
        <Button type="submit" variant="dark" size="s">
          {texts.save}
        </Button>
      </div>
      <FormStatus message={status?.text ?? null} ok={status?.ok ?? false} />
    </form>
  );
}

/** Spec §2 /{collectionSlug}/settings/navigation: the tabs under the publication's header. */
export function PublicationNavigationPage({ slug }: { slug: string }) {
  const settings = useNavigation(slug);
  if (settings.isError) return <NotFoundPage />;
  if (!settings.data) return <main className="q-column" aria-busy="true" />;
  return (
    <main className="q-column q-settings" data-testid="publication-navigation">
      <Crumb settings={settings.data} />
      <h1>{texts.navigationTitle}</h1>
      <p className="q-static-lead">{texts.navigationIntro}</p>
      <NavigationForm settings={settings.data} />
    </main>
  );
}

/** Spec §2 /{collectionSlug}/settings/feature-pages: the publication's feature pages, and a new one. */
export function FeaturePagesPage({ slug }: { slug: string }) {
  const settings = useNavigation(slug);
  if (settings.isError) return <NotFoundPage />;
  if (!settings.data) return <main className="q-column" aria-busy="true" />;
  const s = settings.data;
  return (
    <main className="q-column q-settings" data-testid="feature-pages">
      <Crumb settings={s} />
      <div className="q-title-row">
        <h1>{texts.featurePagesTitle}</h1>
        <a
          className="q-button q-button-dark"
          href={path('ShowByCollectionSlugSettingsFeaturePagesNew', s.publication.slug)}
        >
          {texts.newFeaturePage}
        </a>
      </div>
      <p className="q-static-lead">{texts.featurePagesIntro}</p>
      {s.featurePages.length ? (
        <ul className="q-people">
          {s.featurePages.map((page) => (
            <li key={page.slug} className="q-person">
              <div className="q-person-text">
                <a
                  className="q-person-name"
                  href={path('ShowByCollectionSlugByTopicSlugHome', s.publication.slug, {
                    topicSlug: page.slug,
                  })}
                >
                  {page.title}
                </a>
                <p>{texts.storyCount(page.storyCount)}</p>
              </div>
              <a
                href={path('ShowByCollectionSlugSettingsFeaturePagesByTopicSlugEdit', s.publication.slug, {
                  topicSlug: page.slug,
                })}
              >
                {texts.editFeaturePage}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={texts.noFeaturePages} />
      )}
    </main>
  );
}

/** The feature page form: title, address, description and the stories in order. */
function FeaturePageForm({
  settings,
  page,
}: {
  settings: Settings;
  page: { slug: string; title: string; description: string; postIds: string[] } | null;
}) {
  const client = useTRPCClient();
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState<string | null>(page?.slug ?? null);
  const [description, setDescription] = useState(page?.description ?? '');
  const [chosen, setChosen] = useState<string[]>(page?.postIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const address = slug ?? slugify(title).slice(0, 60);
  const home = path('ShowByCollectionSlugSettingsFeaturePages', settings.publication.slug);
  const toggle = (id: string) =>
    setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      const saved = await client.publications.saveFeaturePage.mutate({
        collectionId: settings.publication.id,
        originalSlug: page?.slug ?? null,
        slug: address,
        title,
        description,
        postIds: chosen,
      });
      toast(saved.message);
      window.location.assign(home);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  };
  const titles = new Map(settings.stories.map((s) => [s.id, s.title]));
  return (
    <form
      className="q-account-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="feature-page-form"
    >
      <Field label={texts.pageTitle} error={errors.title}>
        {(props) => <input {...props} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label={texts.pageSlug} error={errors.slug}>
        {(props) => (
          <input
            {...props}
            value={address}
            spellCheck={false}
            onChange={(e) => setSlug(e.target.value.toLowerCase())}
          />
        )}
      </Field>
      <Field label={texts.pageDescription} error={errors.description}>
        {(props) => (
          <textarea {...props} value={description} onChange={(e) => setDescription(e.target.value)} />
        )}
      </Field>
      <fieldset className="q-choice-list">
        <legend>{texts.pageStories}</legend>
        <p className="q-field-hint">{texts.pageStoriesHint}</p>
        {chosen.length ? (
          <ol>
            {chosen.map((id) => (
              <li key={id}>{titles.get(id) ?? id}</li>
            ))}
          </ol>
        ) : null}
        {settings.stories.length ? (
          settings.stories.map((story) => (
            <label key={story.id} className="q-choice">
              <input type="checkbox" checked={chosen.includes(story.id)} onChange={() => toggle(story.id)} />{' '}
              {story.title}
            </label>
          ))
        ) : (
          <p>{texts.noStoriesToChoose}</p>
        )}
        {errors.postIds ? <p className="q-field-error">{errors.postIds}</p> : null}
      </fieldset>
      <div className="q-settings-actions">
        <Button type="submit" variant="dark" size="s" disabled={!title.trim()}>
          {texts.savePage}
        </Button>
        {page ? (
          <Button
            variant="text"
            size="s"
            onClick={() => {
              if (!window.confirm(texts.deletePageConfirm)) return;
              void attempt(async () => {
                await client.publications.deleteFeaturePage.mutate({
                  collectionId: settings.publication.id,
                  pageSlug: page.slug,
                });
                window.location.assign(home);
              });
            }}
          >
            {texts.deletePage}
          </Button>
        ) : null}
      </div>
      <FormStatus message={message} ok={false} />
    </form>
  );
}

/** Spec §2 /settings/feature-pages/new and /settings/feature-pages/{topicSlug}/edit. */
export function FeaturePageEditPage({ slug, topicSlug }: { slug: string; topicSlug: string | null }) {
  const trpc = useTRPC();
  const settings = useNavigation(slug);
  const page = useQuery({
    ...trpc.publications.featurePage.queryOptions({ slug, pageSlug: topicSlug ?? '' }),
    enabled: topicSlug !== null,
  });
  if (settings.isError || page.isError) return <NotFoundPage />;
  if (!settings.data || (topicSlug !== null && !page.data))
    return <main className="q-column" aria-busy="true" />;
  return (
    <main className="q-column q-settings" data-testid="feature-page-edit">
      <Crumb settings={settings.data} />
      <h1>{topicSlug === null ? texts.newFeaturePage : texts.editFeaturePage}</h1>
      <FeaturePageForm settings={settings.data} page={topicSlug === null ? null : (page.data ?? null)} />
    </main>
  );
}
