import { useSessionStore } from '@quire/client-state';
import { IMPORT_MAX_BYTES, importTexts as texts } from '@quire/domain';
import { Button, EmptyState } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { navigateTo } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import { refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';

/** Posts a file's text or a page's address to the import endpoint; answers where the editor opens the draft. */
async function importStory(body: { fileName: string; text: string } | { url: string }): Promise<string> {
  const xsrf = useSessionStore.getState().xsrf;
  const response = await fetch('/_/import', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as {
    editUrl?: string;
    error?: { message?: string };
    message?: string;
  } | null;
  if (!response.ok || !answer?.editUrl) {
    throw new Error(answer?.error?.message ?? answer?.message ?? texts.fetchFailed);
  }
  return answer.editUrl;
}

/** Spec §2 /p/import: a story from an HTML or Markdown file, or from a web page, becomes a draft. */
export function ImportPage() {
  const fileId = useId();
  const urlId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (file && file.size > IMPORT_MAX_BYTES) return setError(texts.tooLarge);
    if (!file && !/^https?:\/\//i.test(url.trim())) return setError(texts.badUrl);
    setBusy(true);
    try {
      const editUrl = await importStory(
        file ? { fileName: file.name, text: await file.text() } : { url: url.trim() },
      );
      navigateTo(editUrl);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <main className="q-column q-settings" data-testid="import-story">
      <h1>{texts.title}</h1>
      <p className="q-card-meta">{texts.intro}</p>
      <form className="q-account-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="q-field">
          <label htmlFor={fileId}>{texts.fileLabel}</label>
          <input
            id={fileId}
            type="file"
            accept=".html,.htm,.md,.markdown,text/html,text/markdown"
            disabled={busy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="q-field">
          <label htmlFor={urlId}>{texts.urlLabel}</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            disabled={busy || !!file}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <FormStatus message={error} ok={false} />
        <div className="q-settings-actions">
          <Button type="submit" variant="dark" disabled={busy || (!file && !url.trim())}>
            {busy ? texts.importing : texts.submit}
          </Button>
        </div>
      </form>
    </main>
  );
}

/** Spec §2 /new-story/repost/{repostId}: one of the writer's own stories, again as a new draft linking back to it. */
export function RepostPage({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const story = useQuery(trpc.imports.repostable.queryOptions({ postId }));
  const repost = useMutation(
    trpc.imports.repost.mutationOptions({ onSuccess: (made) => navigateTo(made.editUrl) }),
  );
  if (story.error)
    return (
      <EmptyState title={refusalOf(story.error).message ?? texts.repostNotYours} testId="repost-refused" />
    );
  if (!story.data) return null;
  return (
    <main className="q-column q-settings" data-testid="repost-story">
      <h1>{texts.repostTitle}</h1>
      <p>
        <a href={story.data.mediumUrl}>{story.data.title || texts.untitled}</a>
      </p>
      <p className="q-card-meta">{texts.repostIntro}</p>
      <FormStatus message={repost.error ? refusalOf(repost.error).message : null} ok={false} />
      <div className="q-settings-actions">
        <Button variant="dark" disabled={repost.isPending} onClick={() => repost.mutate({ postId })}>
          {texts.repostButton}
        </Button>
      </div>
    </main>
  );
}
