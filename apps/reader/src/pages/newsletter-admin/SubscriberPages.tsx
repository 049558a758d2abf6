import type { RouterOutputs } from '@quire/api';
import { useSessionStore, useToastStore } from '@quire/client-state';
import {
  exportTexts,
  formatShortDate,
  importPreviewPath,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { Button, buttonClass, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import { newsletterAdminQueries } from './newsletter-admin-queries';

type Target = RouterOutputs['newsletterAdmin']['subscribersTarget'];

/** The preview the server's process-unvalidated-files endpoint answers. */
interface Preview {
  valid: { row: number; email: string; name: string }[];
  duplicates: { row: number; email: string }[];
  alreadySubscribed: { row: number; email: string; status: string }[];
  invalid: { row: number; value: string; problem: keyof typeof texts.problems }[];
}

/** Posts the file as it is to the preview endpoint; rejects with the server's message. */
async function fetchPreview(newsletterId: string, file: File): Promise<Preview> {
  const xsrf = useSessionStore.getState().xsrf;
  const response = await fetch(importPreviewPath(newsletterId), {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'text/csv', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
  });
  const body = (await response.json().catch(() => null)) as
    | (Preview & { error?: { message?: string } })
    | null;
  if (!response.ok || !body || body.error) throw new Error(body?.error?.message ?? texts.notCsv);
  return body;
}

/** Which newsletter the page works on: its name, and the publication it belongs to. */
function TargetLine({ target }: { target: Target }) {
  return (
    <p className="q-card-meta" data-testid="subscribers-target">
      {target.publication ? `${target.name} · ${target.publication.name}` : target.name} ·{' '}
      {texts.subscribers(target.subscriberCount)}
    </p>
  );
}

/** A preview's rows of one kind, under a heading with their count (shown only when there are some). */
function RowList({ title, rows }: { title: string; rows: { row: number; text: string }[] }) {
  if (!rows.length) return null;
  return (
    <details>
      <summary>{title}</summary>
      <ul>
        {rows.map((r) => (
          <li key={r.row}>
            {texts.row(r.row)}: {r.text}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Spec §2 /me/subscribers/import: a CSV of addresses (a name column and a header row optional), its preview, then
 * one confirmation email to each new address. For the viewer's own newsletter, or a publication's they manage.
 */
export function ImportSubscribersPage({ newsletterId }: { newsletterId: string | null }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const query = newsletterAdminQueries(useTRPC()).target(newsletterId);
  const target = useQuery(query).data;
  const inputId = useId();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [status, setStatus] = useState<{ message: string | null; ok: boolean }>({ message: null, ok: false });
  const [busy, setBusy] = useState(false);
  if (!target) return null;

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setStatus({ message: null, ok: false });
    if (!file) return;
    if (file.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
      setStatus({ message: texts.fileTooLarge, ok: false });
      return;
    }
    setBusy(true);
    try {
      setPreview(await fetchPreview(target.id, file));
    } catch (error) {
      setStatus({ message: (error as Error).message, ok: false });
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const out = await client.newsletterAdmin.confirmImport.mutate({
        newsletterId: target.id,
        rows: preview.valid.map(({ email, name }) => ({ email, name })),
      });
      toast(out.message);
      setStatus({ message: out.message, ok: true });
      setPreview(null);
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (error) {
      setStatus({ message: refusalOf(error).message, ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="q-column q-settings" data-testid="import-subscribers">
      <h1>{texts.importTitle}</h1>
      <TargetLine target={target} />
      <p>{texts.importLead}</p>
      <div className="q-field">
        <label htmlFor={inputId}>{texts.chooseFile}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      <FormStatus message={status.message} ok={status.ok} />
      {preview ? (
        <section aria-labelledby="q-import-preview" data-testid="import-preview">
          <h2 id="q-import-preview">{texts.previewTitle}</h2>
          <ul>
            <li>{texts.toImport(preview.valid.length)}</li>
            <li>{texts.duplicates(preview.duplicates.length)}</li>
            <li>{texts.alreadySubscribed(preview.alreadySubscribed.length)}</li>
            <li>{texts.invalid(preview.invalid.length)}</li>
          </ul>
          <RowList
            title={texts.invalid(preview.invalid.length)}
            rows={preview.invalid.map((r) => ({
              row: r.row,
              text: `${r.value ? `${r.value} – ` : ''}${texts.problems[r.problem]}`,
            }))}
          />
          <RowList
            title={texts.duplicates(preview.duplicates.length)}
            rows={preview.duplicates.map((r) => ({ row: r.row, text: r.email }))}
          />
          <RowList
            title={texts.alreadySubscribed(preview.alreadySubscribed.length)}
            rows={preview.alreadySubscribed.map((r) => ({ row: r.row, text: r.email }))}
          />
          {preview.valid.length ? (
            <p className="q-settings-actions">
              <Button variant="dark" disabled={busy} onClick={() => void confirm()}>
                {texts.confirmImport(preview.valid.length)}
              </Button>
            </p>
          ) : (
            <EmptyState title={texts.nothingToImport} />
          )}
        </section>
      ) : null}
    </main>
  );
}

/**
 * Spec §2 /me/subscribers/confirm-export: asks for a CSV of the subscribers (spec §8 toast style
 * EXPORT_EMAIL_SUBSCRIBERS), and offers the latest ready one.
 */
export function ConfirmExportPage({ newsletterId }: { newsletterId: string | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const target = useQuery(newsletterAdminQueries(trpc).target(newsletterId)).data;
  const latestQuery = newsletterAdminQueries(trpc).latestExport(target?.id ?? '');
  const latest = useQuery({ ...latestQuery, enabled: !!target }).data?.export ?? null;
  const [busy, setBusy] = useState(false);
  if (!target) return null;
  const request = async () => {
    setBusy(true);
    try {
      const out = await client.newsletterAdmin.requestExport.mutate({ newsletterId: target.id });
      useToastStore.getState().show(out.message, { toastStyle: 'EXPORT_EMAIL_SUBSCRIBERS' });
      await queryClient.invalidateQueries({ queryKey: latestQuery.queryKey });
    } catch (error) {
      toast(refusalOf(error).message ?? texts.exportNotFound, 'ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="q-column q-settings" data-testid="confirm-export">
      <h1>{texts.exportTitle}</h1>
      <TargetLine target={target} />
      <p>{texts.exportLead}</p>
      <p className="q-settings-actions">
        <Button variant="dark" disabled={busy} onClick={() => void request()}>
          {texts.requestExport}
        </Button>
      </p>
      {latest?.status === 'READY' && latest.downloadPath ? (
        <p className="q-settings-actions" data-testid="subscriber-export-ready">
          <span>{texts.exportReady}</span>
          <a className={buttonClass('outline', 's')} href={latest.downloadPath} download>
            {texts.downloadCsv}
          </a>
          {latest.expiresAt ? (
            <span className="q-person-note">
              {exportTexts.expiresAt(formatShortDate(new Date(latest.expiresAt)))}
            </span>
          ) : null}
        </p>
      ) : null}
    </main>
  );
}
