import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Catalog,
  CatalogItem,
  DataExport,
  Highlight,
  Media,
  type MediaStore,
  Post,
  type User,
} from '@quire/db';
import { EXPORT_VALID_MS, exportDownloadPath, exportTexts, type Paragraph } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { claimNextQueued, runQueued } from './queue';
import { paragraphsMarkdown, storyHtml, storyMarkdown } from './serialize';
import type { ExportFileStore, ExportFileWriter } from './store';

/** What the export job needs besides the database. */
export interface ExportJobDeps {
  /** Where the stories' images are read from. */
  media: MediaStore;
  /** Where the zips are written. */
  files: ExportFileStore;
  /** Public origin for the links in the zip and the email, e.g. https://quire.example. */
  publicUrl: string;
  productName: string;
  now?: () => Date;
}

export { EXPORT_MAX_ATTEMPTS, EXPORT_STALE_MS } from './queue';

const isResponse = (p: Post) => p.type === 'RESPONSE' || !!p.inResponseToPost || !!p.inResponseToCatalog;
const isPublished = (p: Post) => p.status === 'PUBLISHED' || p.status === 'UNLISTED';

/** A file-name-safe slug for a story: its own slug, or 'untitled', then its id (ids keep names unique). */
const fileSlug = (p: Post) =>
  `${
    (p.slug || 'untitled')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'untitled'
  }-${p.id}`;

const EXT_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Every image id a story's paragraphs use. */
function imageIds(paragraphs: readonly Paragraph[]): string[] {
  const ids: string[] = [];
  for (const p of paragraphs) {
    if (p.type === 'IMG' && p.metadata?.id) ids.push(p.metadata.id);
    if (p.mixtapeMetadata?.thumbnailImageId) ids.push(p.mixtapeMetadata.thumbnailImageId);
  }
  return ids;
}

/**
 * Takes the oldest queued export (or one whose build was cut off) and marks it RUNNING, atomically: any number
 * of workers may call this at once and each export is built by one. Cut-off builds past their attempts fail.
 */
export const claimNextExport = (em: EntityManager, now: Date): Promise<string | null> =>
  claimNextQueued(em, 'exports', now, ', progress = 0');

/**
 * Builds every queued export, one after another; a failed build is marked FAILED, told to `onError` and the
 * next one goes on. Returns how many became ready.
 */
export function runQueuedExports(
  em: EntityManager,
  deps: ExportJobDeps,
  onError: (exportId: string, error: Error) => void = () => {},
): Promise<number> {
  return runQueued(
    em,
    {
      claim: claimNextExport,
      build: (fork, id) => buildExport(fork, id, deps),
      now: deps.now ?? (() => new Date()),
    },
    onError,
  );
}

/**
 * Writes the zip of one claimed export, moving its progress as entries are written, then marks it READY with
 * a week's validity and queues the email with its link, in one transaction. A failure marks it FAILED and
 * leaves no file behind.
 */
export async function buildExport(em: EntityManager, exportId: string, deps: ExportJobDeps): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const row = await em.findOneOrFail(DataExport, { id: exportId }, { populate: ['user'] });
  const user = row.user as User;
  const fileKey = `${user.id}/${row.id}.zip`;
  let writer: ExportFileWriter | null = null;
  try {
    // An account deleted since the request gets no export.
    if (user.isDeleted) throw new Error('the account was deleted');
    writer = await deps.files.create(fileKey);
    await writeZip(em, user, writer, deps, async (progress) => {
      await em
        .fork()
        .nativeUpdate(DataExport, { id: row.id, status: 'RUNNING' }, { progress, updatedAt: now() });
    });
    const size = await writer.commit();
    writer = null;
    const finishedAt = now();
    await em.fork().transactional(async (tx) => {
      const done = await tx.findOneOrFail(DataExport, { id: row.id }, { populate: ['user'] });
      Object.assign(done, {
        status: 'READY',
        progress: 100,
        fileKey,
        fileSize: size,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_VALID_MS),
      });
      const to = (done.user as User).email;
      if (to) {
        const url = `${deps.publicUrl.replace(/\/+$/, '')}${exportDownloadPath(done.id)}`;
        enqueueEmail(tx, {
          category: 'transactional',
          to,
          subject: exportTexts.emailSubject(deps.productName),
          template: 'export-ready',
          payload: { exportId: done.id, link: url, text: exportTexts.emailBody(deps.productName, url) },
          dedupeKey: `export-ready:${done.id}`,
        });
      }
    });
  } catch (error) {
    await writer?.abort().catch(() => {});
    await deps.files.delete(fileKey).catch(() => {});
    await em
      .fork()
      .nativeUpdate(DataExport, { id: row.id }, { status: 'FAILED', finishedAt: now(), updatedAt: now() });
    throw error;
  }
}

/** A zip written entry by entry to the writer; each entry's bytes are handed on before the next one starts. */
function zipWriter(writer: ExportFileWriter) {
  let pending: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else if (chunk.length) pending = pending.then(() => writer.write(chunk));
  });
  const flushed = async () => {
    await pending;
    if (failure) throw failure;
  };
  return {
    /** Adds a file: text is deflated, images (already compressed) are stored as they are. */
    async add(name: string, data: Uint8Array, compress = true) {
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      await flushed();
    },
    async end() {
      zip.end();
      await flushed();
    },
  };
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const text = (value: string) => new TextEncoder().encode(value);

/** The zip's entries: profile, stories and drafts (HTML and Markdown), images, responses, lists, highlights. */
async function writeZip(
  em: EntityManager,
  user: User,
  writer: ExportFileWriter,
  deps: ExportJobDeps,
  onProgress: (progress: number) => Promise<void>,
) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const storyUrl = (p: Post) => `${base}/p/${p.id}`;
  /** A story another record points at (a response's parent, a list item, a highlight's story). */
  const storyRef = (p: Post) => ({ id: p.id, title: p.title, url: storyUrl(p) });
  const posts = await em.find(
    Post,
    { creator: user.id, deletedAt: null, status: { $ne: 'DELETED' } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const stories = posts.filter((p) => !isResponse(p));
  const responses = posts.filter(isResponse);
  const lists = await em.find(Catalog, { creator: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const items = lists.length
    ? await em.find(
        CatalogItem,
        { catalog: { $in: lists.map((l) => l.id) } },
        { populate: ['post', 'targetCatalog'], orderBy: { position: 'asc', createdAt: 'asc' } },
      )
    : [];
  const highlights = await em.find(
    Highlight,
    { user: user.id },
    { populate: ['post'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const parents = await em.find(Post, {
    id: { $in: responses.map((r) => r.inResponseToPost?.id).filter((id): id is string => !!id) },
  });
  const parentById = new Map(parents.map((p) => [p.id, p]));

  // Each image once, under images/ with its file extension.
  const ids = [
    ...new Set([
      ...posts.flatMap((p) => imageIds(p.content.paragraphs)),
      ...(user.imageId ? [user.imageId] : []),
    ]),
  ];
  const media = ids.length
    ? await em.find(Media, { $or: [{ id: { $in: ids } }, { storageKey: { $in: ids } }] })
    : [];
  const mediaOf = (id: string) => media.find((m) => m.id === id || m.storageKey === id);
  const imageName = (id: string) => {
    if (/\.[a-z0-9]{2,5}$/i.test(id)) return id;
    const ext = EXT_BY_MIME[mediaOf(id)?.mime ?? ''];
    return ext ? `${id}.${ext}` : id;
  };
  const images = new Map<string, string>();
  for (const id of ids)
    if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id) && !id.includes('..')) images.set(id, imageName(id));
  const imagePath = (id: string) => {
    const name = images.get(id);
    return name ? `../images/${name}` : null;
  };

  const total = 4 + stories.length + images.size;
  let done = 0;
  let reported = 0;
  const step = async () => {
    done += 1;
    const progress = Math.min(99, Math.floor((done / total) * 100));
    if (progress !== reported) {
      reported = progress;
      await onProgress(progress);
    }
  };

  const zip = zipWriter(writer);
  /** One JSON file of the export, then a step of progress. */
  const addJson = async (name: string, value: unknown) => {
    await zip.add(name, json(value));
    await step();
  };
  await addJson('profile.json', {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    bio: user.bio,
    imageId: user.imageId,
    image: user.imageId && images.has(user.imageId) ? `images/${images.get(user.imageId)}` : null,
    profileUrl: `${base}/@${user.username}`,
    twitterScreenName: user.twitterScreenName,
    tippingLink: user.tippingLink,
    memberSince: user.mediumMemberAt ? new Date(user.mediumMemberAt).toISOString() : null,
    joinedAt: user.createdAt.toISOString(),
    exportedAt: (deps.now ?? (() => new Date()))().toISOString(),
  });

  for (const story of stories) {
    const published = isPublished(story);
    const folder = published ? 'stories' : 'drafts';
    const serializable = {
      title: story.title,
      subtitle: story.subtitle,
      paragraphs: story.content.paragraphs,
      url: published ? storyUrl(story) : null,
      publishedAt: published ? story.firstPublishedAt : null,
      author: user.name,
    };
    await zip.add(`${folder}/${fileSlug(story)}.html`, text(storyHtml(serializable, imagePath)));
    await zip.add(`${folder}/${fileSlug(story)}.md`, text(storyMarkdown(serializable, imagePath)));
    await step();
  }

  for (const [id, name] of images) {
    const bytes = await deps.media.get(mediaOf(id)?.storageKey ?? id);
    if (bytes) await zip.add(`images/${name}`, bytes, false);
    await step();
  }

  await addJson(
    'responses.json',
    responses.map((r) => {
      const parent = r.inResponseToPost ? parentById.get(r.inResponseToPost.id) : null;
      return {
        id: r.id,
        status: r.status,
        url: isPublished(r) ? storyUrl(r) : null,
        inResponseTo: parent ? storyRef(parent) : null,
        inResponseToListId: r.inResponseToCatalog?.id ?? null,
        text: paragraphsMarkdown(r.content.paragraphs, (id) =>
          images.has(id) ? `images/${images.get(id)}` : null,
        ),
        createdAt: r.createdAt.toISOString(),
        publishedAt: r.firstPublishedAt?.toISOString() ?? null,
      };
    }),
  );

  await addJson(
    'lists.json',
    lists.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      visibility: list.visibility,
      predefined: list.predefined,
      createdAt: list.createdAt.toISOString(),
      items: items
        .filter((item) => item.catalog.id === list.id)
        .map((item) => ({
          type: item.itemType,
          story: item.post ? storyRef(item.post as Post) : null,
          list: item.targetCatalog ? { id: item.targetCatalog.id, name: item.targetCatalog.name } : null,
          note: item.note,
          archived: !!item.archivedAt,
          addedAt: item.createdAt.toISOString(),
        })),
    })),
  );

  await addJson(
    'highlights.json',
    highlights.map((h) => ({
      id: h.id,
      quote: h.quote,
      story: storyRef(h.post as Post),
      paragraphName: h.paragraphName,
      startOffset: h.startOffset,
      endOffset: h.endOffset,
      createdAt: h.createdAt.toISOString(),
    })),
  );
  await zip.end();
}

/**
 * Expires ready exports past their week, and at once those of a deleted account (its personal data must not
 * wait on disk for the purge, which deletes the rows but not the files): their files are deleted and their links
 * answer 410 from then on. Returns how many expired.
 */
export async function expireExports(em: EntityManager, files: ExportFileStore, now: Date): Promise<number> {
  const due = await em.find(
    DataExport,
    { status: 'READY', $or: [{ expiresAt: { $lte: now } }, { user: { isDeleted: true } }] },
    { limit: 500 },
  );
  for (const row of due) {
    if (row.fileKey) await files.delete(row.fileKey);
    row.status = 'EXPIRED';
    row.fileKey = null;
  }
  await em.flush();
  return due.length;
}
