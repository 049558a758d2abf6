import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DataExport, type User } from '@quire/db';
import {
  ACTIVE_EXPORT_STATUSES,
  EXPORT_LIST_LIMIT,
  type ExportStatus,
  exportDownloadPath,
  exportTexts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';

/** An export as its owner's pages show it. */
export function exportView(row: DataExport, now: Date) {
  // A ready export past its week reads as expired at once, before the cleanup job has run.
  const status: ExportStatus =
    row.status === 'READY' && row.expiresAt && row.expiresAt <= now
      ? 'EXPIRED'
      : (row.status as ExportStatus);
  return {
    id: row.id,
    status,
    progress: status === 'READY' ? 100 : row.progress,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: status === 'READY' ? (row.expiresAt?.toISOString() ?? null) : null,
    fileSize: status === 'READY' ? row.fileSize : null,
    downloadPath: status === 'READY' ? exportDownloadPath(row.id) : null,
  };
}
export type ExportView = ReturnType<typeof exportView>;

/**
 * Asks for an export of the viewer's data: a new one, queued for the job in this transaction (the row is the
 * job's order), or the one already queued or running, since a user has one at a time. Two requests at once
 * meet at the partial unique index: the second waits for the first to commit, inserts nothing and returns
 * the first's.
 */
export async function requestExport(em: EntityManager, viewer: User, now: Date) {
  const id = randomBytes(16).toString('hex');
  const inserted = await em.execute<{ id: string }[]>(
    `insert into exports (id, user_id, status, progress, created_at, updated_at)
     values (?, ?, 'QUEUED', 0, ?, ?)
     on conflict (user_id) where status in ('QUEUED', 'RUNNING') do nothing
     returning id`,
    [id, viewer.id, now, now],
  );
  const active = await em.findOne(
    DataExport,
    { user: viewer.id, status: { $in: [...ACTIVE_EXPORT_STATUSES] } },
    { refresh: true },
  );
  if (!active) throw new TRPCError({ code: 'CONFLICT', message: exportTexts.failed });
  return { created: inserted.length > 0, export: exportView(active, now) };
}

/** The viewer's most recent exports, newest first. */
export async function recentExports(em: EntityManager, viewer: User, now: Date) {
  const rows = await em.find(
    DataExport,
    { user: viewer.id },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: EXPORT_LIST_LIMIT },
  );
  return { exports: rows.map((row) => exportView(row, now)) };
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: exportTexts.notFound });

/** One export, for its owner; anyone else's answers NOT_FOUND (policy viewExport), as a missing one does. */
export async function exportById(em: EntityManager, viewer: User | null, exportId: string, now: Date) {
  const row = await em.findOne(DataExport, { id: exportId }, { refresh: true });
  if (!row) throw notFound();
  await enforce(em, viewer, 'viewExport', row);
  return exportView(row, now);
}

/**
 * What the download route sends: the file of a ready export to its owner; `gone` past its week (410); null for
 * a missing export or anyone else's (404, nothing told).
 */
export async function downloadableExport(
  em: EntityManager,
  viewer: User | null,
  exportId: string,
  now: Date,
): Promise<{ fileKey: string; readyAt: Date } | 'gone' | 'not ready' | null> {
  if (!/^[0-9a-f]{32}$/.test(exportId)) return null;
  const row = await em.findOne(DataExport, { id: exportId });
  if (!row) return null;
  try {
    await enforce(em, viewer, 'viewExport', row);
  } catch {
    return null;
  }
  const view = exportView(row, now);
  if (view.status === 'EXPIRED') return 'gone';
  if (view.status !== 'READY' || !row.fileKey) return 'not ready';
  return { fileKey: row.fileKey, readyAt: row.finishedAt ?? row.createdAt };
}
