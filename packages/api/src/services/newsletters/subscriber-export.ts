import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SubscriberExport, type User } from '@quire/db';
import {
  ACTIVE_EXPORT_STATUSES,
  EXPORT_VALID_MS,
  type ExportStatus,
  SUBSCRIBER_EXPORT_COLUMNS,
  subscriberExportPath,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { TRPCError } from '@trpc/server';
import { claimNextQueued, runQueued } from '../exports/queue';
import type { ExportFileStore, ExportFileWriter } from '../exports/store';
import { csvField } from '../publication-admin/settings';
import { newsletterFor } from './admin';
import { findNewsletter } from './core';

/*
 * A newsletter's subscribers as CSV (spec §2 /me/subscribers/confirm-export, /export/newsletters/{newsletterV3Id}
 * and the csv-export path): asked for by who manages it, built by a job into the export store, mailed as a link,
 * and kept as long as data exports are. The job works like the data export's (exports/build.ts): rows are the
 * orders, claimed atomically, a cut-off build taken up again.
 */

/** What the job needs besides the database. */
export interface SubscriberExportDeps {
  files: ExportFileStore;
  /** Public origin for the email's link. */
  publicUrl: string;
  now?: () => Date;
}

/** Subscriptions read per query while the CSV is written. */
const PAGE = 1000;

/** An export as the request page shows it. */
function exportView(row: SubscriberExport, now: Date) {
  const status: ExportStatus =
    row.status === 'READY' && row.expiresAt && row.expiresAt <= now
      ? 'EXPIRED'
      : (row.status as ExportStatus);
  return {
    id: row.id,
    status,
    rowCount: status === 'READY' ? row.rowCount : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: status === 'READY' ? (row.expiresAt?.toISOString() ?? null) : null,
    downloadPath: status === 'READY' ? subscriberExportPath(row.newsletter.id) : null,
  };
}

/** The newsletter's latest export, for who manages it (the request page's status). */
export async function latestSubscriberExport(
  em: EntityManager,
  viewer: User,
  newsletterId: string,
  now: Date,
) {
  const newsletter = await newsletterFor(em, viewer, newsletterId);
  const row = await em.findOne(
    SubscriberExport,
    { newsletter: newsletter.id },
    { orderBy: { createdAt: 'desc', id: 'desc' }, refresh: true },
  );
  return { export: row ? exportView(row, now) : null };
}

/**
 * Asks for a CSV of the newsletter's subscribers: a new export, or the one already queued or running (one at a
 * time per newsletter). Two requests at once meet at the partial unique index; the second answers the first's.
 */
export async function requestSubscriberExport(
  em: EntityManager,
  viewer: User,
  newsletterId: string,
  now: Date,
) {
  const newsletter = await newsletterFor(em, viewer, newsletterId);
  const inserted = await em.execute<{ id: string }[]>(
    `insert into subscriber_exports (id, newsletter_id, requested_by_id, status, created_at, updated_at)
     values (?, ?, ?, 'QUEUED', ?, ?)
     on conflict (newsletter_id) where status in ('QUEUED', 'RUNNING') do nothing
     returning id`,
    [randomBytes(16).toString('hex'), newsletter.id, viewer.id, now, now],
  );
  const active = await em.findOne(
    SubscriberExport,
    { newsletter: newsletter.id, status: { $in: [...ACTIVE_EXPORT_STATUSES] } },
    { refresh: true },
  );
  if (!active) throw new TRPCError({ code: 'CONFLICT', message: texts.exportAlreadyRunning });
  const created = inserted.length > 0;
  return {
    created,
    message: created ? texts.exportRequested : texts.exportAlreadyRunning,
    export: exportView(active, now),
  };
}

/** Takes the oldest queued export (or a cut-off one) and marks it RUNNING; each export is built by one worker. */
export const claimNextSubscriberExport = (em: EntityManager, now: Date): Promise<string | null> =>
  claimNextQueued(em, 'subscriber_exports', now);

/** Builds every queued subscriber export in turn; a failed one is marked FAILED and told to `onError`. */
export function runQueuedSubscriberExports(
  em: EntityManager,
  deps: SubscriberExportDeps,
  onError: (exportId: string, error: Error) => void = () => {},
): Promise<number> {
  return runQueued(
    em,
    {
      claim: claimNextSubscriberExport,
      build: (fork, id) => buildSubscriberExport(fork, id, deps),
      now: deps.now ?? (() => new Date()),
    },
    onError,
  );
}

/** Writes the CSV, a page of subscriptions at a time: email, name, subscribed at, source, confirmed. */
async function writeCsv(em: EntityManager, newsletterId: string, writer: ExportFileWriter): Promise<number> {
  const encoder = new TextEncoder();
  await writer.write(encoder.encode(`${SUBSCRIBER_EXPORT_COLUMNS.join(',')}\r\n`));
  let after = '';
  let count = 0;
  for (;;) {
    const rows = await em.getConnection().execute<
      {
        id: string;
        email: string;
        name: string | null;
        created_at: Date;
        source: string;
        confirmed_at: Date | null;
      }[]
    >(
      `select s.id, s.email, u.name, s.created_at, s.source, s.confirmed_at
         from newsletter_subscriptions s left join users u on u.id = s.user_id
        where s.newsletter_id = ? and s.unsubscribed_at is null and s.id > ?
        order by s.id limit ?`,
      [newsletterId, after, PAGE],
    );
    if (!rows.length) return count;
    const lines = rows.map((r) =>
      [
        r.email,
        r.name ?? '',
        new Date(r.created_at).toISOString(),
        texts.sources[r.source as keyof typeof texts.sources] ?? r.source.toLowerCase(),
        r.confirmed_at ? 'yes' : 'no',
      ]
        .map(csvField)
        .join(','),
    );
    await writer.write(encoder.encode(`${lines.join('\r\n')}\r\n`));
    count += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Writes the CSV of one claimed export, then marks it READY for as long as data exports last and queues the
 * email with its link, in one transaction. A failure marks it FAILED and leaves no file behind.
 */
export async function buildSubscriberExport(
  em: EntityManager,
  exportId: string,
  deps: SubscriberExportDeps,
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const row = await em.findOneOrFail(
    SubscriberExport,
    { id: exportId },
    { populate: ['newsletter', 'requestedBy'] },
  );
  const fileKey = `subscribers/${row.newsletter.id}/${row.id}.csv`;
  let writer: ExportFileWriter | null = null;
  try {
    writer = await deps.files.create(fileKey);
    const rowCount = await writeCsv(em, row.newsletter.id, writer);
    await writer.commit();
    writer = null;
    const finishedAt = now();
    await em.fork().transactional(async (tx) => {
      const done = await tx.findOneOrFail(
        SubscriberExport,
        { id: row.id },
        { populate: ['newsletter', 'requestedBy'] },
      );
      Object.assign(done, {
        status: 'READY',
        fileKey,
        rowCount,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_VALID_MS),
      });
      const to = (done.requestedBy as User).email;
      if (to) {
        const url = `${deps.publicUrl.replace(/\/+$/, '')}${subscriberExportPath(done.newsletter.id)}`;
        enqueueEmail(tx, {
          category: 'transactional',
          to,
          subject: texts.exportEmailSubject(done.newsletter.name),
          template: 'subscriber-export-ready',
          payload: { exportId: done.id, link: url, text: texts.exportEmailBody(done.newsletter.name, url) },
          dedupeKey: `subscriber-export-ready:${done.id}`,
        });
      }
    });
  } catch (error) {
    await writer?.abort().catch(() => {});
    await deps.files.delete(fileKey).catch(() => {});
    await em
      .fork()
      .nativeUpdate(
        SubscriberExport,
        { id: row.id },
        { status: 'FAILED', finishedAt: now(), updatedAt: now() },
      );
    throw error;
  }
}

/** Expires ready subscriber exports past their time: their files are deleted, their links answer 410. */
export async function expireSubscriberExports(em: EntityManager, files: ExportFileStore, now: Date) {
  const due = await em.find(SubscriberExport, { status: 'READY', expiresAt: { $lte: now } }, { limit: 500 });
  for (const row of due) {
    if (row.fileKey) await files.delete(row.fileKey);
    row.status = 'EXPIRED';
    row.fileKey = null;
  }
  await em.flush();
  return due.length;
}

/**
 * What the download paths send: the latest ready CSV to who manages the newsletter; `gone` when the latest
 * finished one has expired (410); `none` when there is none yet (the request page); null for a missing
 * newsletter or anyone else (404, nothing told).
 */
export async function downloadableSubscriberExport(
  em: EntityManager,
  viewer: User,
  newsletterId: string,
  now: Date,
): Promise<{ fileKey: string; readyAt: Date; newsletterSlug: string } | 'gone' | 'none' | null> {
  if (!/^[0-9a-f]{8,16}$/.test(newsletterId)) return null;
  const newsletter = await findNewsletter(em, newsletterId);
  if (!newsletter) return null;
  try {
    await newsletterFor(em, viewer, newsletter.id);
  } catch {
    return null;
  }
  const latest = await em.findOne(
    SubscriberExport,
    { newsletter: newsletter.id, status: { $in: ['READY', 'EXPIRED'] } },
    { orderBy: { finishedAt: 'desc', createdAt: 'desc' } },
  );
  if (!latest) return 'none';
  if (exportView(latest, now).status === 'EXPIRED' || !latest.fileKey) return 'gone';
  return {
    fileKey: latest.fileKey,
    readyAt: latest.finishedAt ?? latest.createdAt,
    newsletterSlug: newsletter.slug,
  };
}
