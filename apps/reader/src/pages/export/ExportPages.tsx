import type { RouterOutputs } from '@quire/api';
import { exportPagePath, formatExportSize, formatShortDate, exportTexts as texts } from '@quire/domain';
import { Button, buttonClass, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { exportQueries, onItsWay } from './export-queries';

type ExportItem = RouterOutputs['exports']['list']['exports'][number];
function StatusLine({ item }: { item: ExportItem }) {
  return (
    <span className="q-person-note" data-testid="export-status" data-status={item.status}>
      {texts.statuses[item.status]}
      {onItsWay(item.status) ? ` · ${item.progress}%` : ''}
    </span>
  );
}

/** Spec §2 /me/export: what an export holds, the button that asks for one, and the viewer's recent exports. */
export function ExportHomePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(exportQueries(trpc).list());
  const request = useMutation(trpc.exports.request.mutationOptions());
  const running = list.data?.exports.find((e) => onItsWay(e.status));
  return (
    <main className="q-column q-settings" data-testid="export-home">
      <h1>{texts.title}</h1>
      <p className="q-static-lead">{texts.lead}</p>
      <ul data-testid="export-contents">
        {texts.contents.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{texts.howItWorks}</p>
      <p className="q-settings-actions">
        <Button
          variant="dark"
          disabled={request.isPending}
          onClick={async () => {
            try {
              const out = await request.mutateAsync();
              toast(out.created ? texts.requested : texts.alreadyRunning);
              await queryClient.invalidateQueries({ queryKey: trpc.exports.list.queryKey() });
              window.location.assign(exportPagePath(out.export.id));
            } catch (e) {
              toast(failureMessage(e), 'ERROR');
            }
          }}
        >
          {texts.request}
        </Button>
        {running ? (
          <a className={buttonClass('text')} href={exportPagePath(running.id)}>
            {texts.statuses[running.status]} · {running.progress}%
          </a>
        ) : null}
      </p>
      <section aria-label={texts.recentTitle}>
        <h2>{texts.recentTitle}</h2>
        {list.data ? (
          list.data.exports.length ? (
            <ul className="q-people" data-testid="export-list">
              {list.data.exports.map((item) => (
                <li key={item.id} className="q-person" data-testid="export-item">
                  <div className="q-person-text">
                    <a className="q-person-name" href={exportPagePath(item.id)}>
                      {texts.requestedAt(formatShortDate(new Date(item.createdAt)))}
                    </a>
                    {item.fileSize ? <p>{formatExportSize(item.fileSize)}</p> : null}
                  </div>
                  <StatusLine item={item} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={texts.recentEmpty} />
          )
        ) : null}
      </section>
    </main>
  );
}

/** Spec §2 /me/export/{exportId}: one export's status and progress, and its download once ready. */
export function ExportPage({ exportId }: { exportId: string }) {
  const item = useQuery(exportQueries(useTRPC()).byId(exportId));
  const data = item.data;
  return (
    <main className="q-column q-settings" data-testid="export-page">
      <p>
        <a href="/me/export">{texts.backToExports}</a>
      </p>
      <h1>{texts.exportTitle}</h1>
      {data ? (
        <section aria-label={texts.exportTitle}>
          <p>{texts.requestedAt(formatShortDate(new Date(data.createdAt)))}</p>
          <p>
            <strong data-testid="export-status" data-status={data.status}>
              {texts.statuses[data.status]}
            </strong>
          </p>
          {onItsWay(data.status) || data.status === 'READY' ? (
            <p>
              <progress
                aria-label={texts.progressLabel}
                max={100}
                value={data.progress}
                data-testid="export-progress"
                style={{ width: '100%' }}
              />{' '}
              <span data-testid="export-percent">{data.progress}%</span>
            </p>
          ) : null}
          {data.status === 'READY' && data.downloadPath ? (
            <>
              <p className="q-settings-actions">
                <a
                  className={buttonClass('dark')}
                  href={data.downloadPath}
                  download
                  data-testid="export-download"
                >
                  {texts.download}
                </a>
                {data.fileSize ? (
                  <span className="q-person-note">{formatExportSize(data.fileSize)}</span>
                ) : null}
              </p>
              {data.expiresAt ? <p>{texts.expiresAt(formatShortDate(new Date(data.expiresAt)))}</p> : null}
            </>
          ) : null}
          {data.status === 'FAILED' ? <p role="alert">{texts.failed}</p> : null}
          {data.status === 'EXPIRED' ? <p>{texts.expired}</p> : null}
          {onItsWay(data.status) ? <p>{texts.howItWorks}</p> : null}
        </section>
      ) : null}
    </main>
  );
}
