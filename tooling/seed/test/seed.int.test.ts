import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Clap,
  Collection,
  CollectionMember,
  FeatureFlag,
  FollowCollection,
  FollowTag,
  FollowUser,
  LocalDiskMediaStore,
  Media,
  Post,
  PostTag,
  PostVersion,
  Tag,
  User,
} from '@quire/db';
import { type ParagraphType, postContentSchema, readingTimeMinutes, uniqueSlug } from '@quire/domain';
import { useTestDatabase } from '@quire/test-harness';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  demoImageSpecs,
  demoImageSvg,
  demoPartnerUsernames,
  renderDemoImage,
  seedDemo,
  seedDemoIfEmpty,
  seedScale,
} from '../src/index';

const db = useTestDatabase();
// The demo images go to this file's own folder, never to the default data directory.
const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const media = new LocalDiskMediaStore(path.join(dataDir, 'media'));

const TABLES = [
  'users',
  'posts',
  'post_versions',
  'tags',
  'post_tags',
  'collections',
  'collection_members',
  'feature_flags',
  'follow_users',
  'follow_collections',
  'follow_tags',
  'claps',
  'media',
];

/** Row counts of every seeded table plus the denormalised counter sums. */
async function counts(): Promise<Record<string, number>> {
  const sql = [
    ...TABLES.map((t) => `(select count(*) from ${t}) as ${t}`),
    '(select sum(clap_count) from posts) as clap_sum',
    '(select sum(responses_count) from posts) as response_sum',
    '(select sum(post_count) from tags) as tag_post_sum',
    '(select sum(follower_count) from tags) as tag_follower_sum',
  ].join(', ');
  const [row] = await db.em().getConnection().execute<Record<string, string>[]>(`select ${sql}`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** One number from a one-row query. */
async function scalar(sql: string): Promise<number> {
  const [row] = await db.em().getConnection().execute<{ n: string }[]>(sql);
  return Number(row?.n);
}

describe('seedDemo', () => {
  it('seeds into an empty database through seedDemoIfEmpty, quickly', async () => {
    const started = performance.now();
    const seeded = await seedDemoIfEmpty(db.orm);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Without a media store no image is drawn; the next test adds them.
    expect(seeded).toEqual({ users: 20, posts: 100, images: 0 });
    expect(await seedDemoIfEmpty(db.orm)).toBeNull();
  });

  it('creates the stated content', async () => {
    const em = db.em();
    expect(await em.count(User, {})).toBe(DEMO.counts.users);
    expect(await em.count(User, { mediumMemberAt: { $gt: 0 } })).toBeGreaterThanOrEqual(2);
    expect(await em.count(User, { isPartnerProgramEnrolled: true })).toBe(demoPartnerUsernames().length);
    // Every members-only story is by a writer the policy lets lock it (lockPost: the Partner Program).
    expect(await em.count(Post, { isLocked: true, creator: { isPartnerProgramEnrolled: false } })).toBe(0);
    expect(await em.count(Post, { isLocked: true })).toBeGreaterThan(1);
    expect(await em.count(Tag, { isTopic: true })).toBe(10);
    expect(await em.count(Collection, {})).toBe(3);
    for (const role of ['OWNER', 'EDITOR', 'WRITER'] as const) {
      expect(await em.count(CollectionMember, { role })).toBeGreaterThanOrEqual(3);
    }
    const stories = await em.find(
      Post,
      { status: 'PUBLISHED', inResponseToPost: null },
      { populate: ['creator'] },
    );
    expect(stories).toHaveLength(100);
    expect(stories.filter((p) => p.isLocked).length).toBeGreaterThan(5);
    expect(stories.filter((p) => p.collection).length).toBeGreaterThan(10);
    expect(await em.count(Post, { status: 'DRAFT' })).toBe(3);
    expect(await em.count(Post, { status: 'UNLISTED' })).toBe(1);
    expect(await em.count(Post, { type: 'RESPONSE', inResponseToPost: { $ne: null } })).toBeGreaterThan(20);
    const ages = stories.map((p) => (Date.now() - p.latestPublishedAt!.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.max(...ages)).toBeGreaterThan(60);
    for (const story of stories) {
      expect(story.uniqueSlug).toBe(uniqueSlug(story.title, story.id));
      expect(story.id).toMatch(/^[0-9a-f]{12}$/);
      expect(story.readingTime).toBe(readingTimeMinutes(story.content));
      expect(story.wordCount).toBeGreaterThan(150);
      expect(story.shareKey).toBeTruthy();
      const topics = await em.count(PostTag, { post: story.id });
      expect(topics).toBeGreaterThanOrEqual(1);
      expect(topics).toBeLessThanOrEqual(5);
    }
    expect(new Set(stories.map((p) => p.title)).size).toBe(100);
    expect(await em.count(FollowUser, {})).toBeGreaterThan(40);
    expect(await em.count(FollowCollection, {})).toBeGreaterThan(0);
    expect(await em.count(FollowTag, {})).toBeGreaterThan(20);

    // Denormalised counters agree with the rows.
    const c = await counts();
    expect(c.clap_sum).toBe(await scalar('select sum(count) as n from claps'));
    expect(c.response_sum).toBe(await em.count(Post, { type: 'RESPONSE' }));
    expect(c.tag_follower_sum).toBe(c.follow_tags);
    const technology = await em.findOneOrFail(Tag, { slug: 'technology' });
    expect(technology.postCount).toBe(
      await em.count(PostTag, { tag: technology, post: { status: 'PUBLISHED', type: { $ne: 'RESPONSE' } } }),
    );
  });

  it('has the spec §6 feature flags with enable_passwords on', async () => {
    const flags = await db.em().find(FeatureFlag, {});
    expect(flags.map((f) => f.name).sort()).toEqual([...DEMO.featureFlagNames].sort());
    expect(flags).toHaveLength(24);
    for (const flag of flags) expect(flag.boolValue).toBe(flag.name === 'enable_passwords');
  });

  it('writes valid, varied paragraph content', async () => {
    const posts = await db.em().find(Post, {});
    const types = new Set<ParagraphType>();
    const markups = new Set<string>();
    for (const post of posts) {
      const parsed = postContentSchema.safeParse(post.content);
      expect(parsed.success, `post ${post.id}`).toBe(true);
      const names = post.content.paragraphs.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      for (const p of post.content.paragraphs) {
        types.add(p.type);
        for (const m of p.markups) {
          markups.add(m.type);
          expect(m.end).toBeLessThanOrEqual(p.text.length);
          expect(m.end).toBeGreaterThan(m.start);
          if (m.type === 'A') expect(m.href).toMatch(/^https:\/\//);
        }
        expect(p.text).not.toMatch(/\*\*|\]\(|lorem/i);
        if (p.type === 'IMG') expect(p.metadata?.id).toMatch(/^demo-\d+\.jpg$/);
        if (p.type === 'PRE') expect(p.codeBlockLanguage).toBeTruthy();
      }
    }
    for (const type of [
      'H3',
      'H4',
      'P',
      'OLI',
      'ULI',
      'BQ',
      'PQ',
      'PRE',
      'HR',
      'IMG',
      'COVER_TITLE',
    ] as const) {
      expect(types, type).toContain(type);
    }
    for (const type of ['STRONG', 'EM', 'A', 'CODE']) expect(markups, type).toContain(type);
  });

  it('exposes a fixed story tests can open, with every kind of paragraph', async () => {
    const em = db.em();
    const story = await em.findOneOrFail(Post, DEMO.story.id, { populate: ['creator'] });
    expect(story.title).toBe(DEMO.story.title);
    expect(story.uniqueSlug).toBe(DEMO.story.uniqueSlug);
    expect(story.creator.username).toBe(DEMO.writerUsername);
    expect(DEMO.story.path).toBe(`/@${DEMO.writerUsername}/${DEMO.story.uniqueSlug}`);
    expect(story.isLocked).toBe(false);
    expect(story.responsesCount).toBeGreaterThanOrEqual(3);
    expect(story.clapCount).toBeGreaterThan(0);
    const types = new Set(story.content.paragraphs.map((p) => p.type));
    for (const type of ['H3', 'H4', 'P', 'OLI', 'ULI', 'BQ', 'PQ', 'PRE', 'HR', 'IMG'] as const)
      expect(types).toContain(type);
    const newest = await em.findOneOrFail(
      Post,
      { status: 'PUBLISHED', inResponseToPost: null },
      { orderBy: { latestPublishedAt: 'desc' } },
    );
    expect(newest.id).toBe(DEMO.story.id);
    const locked = await em.findOneOrFail(Post, DEMO.lockedStory.id, { populate: ['creator'] });
    expect(locked.isLocked).toBe(true);
    expect(locked.creator.username).toBe(DEMO.partnerUsername);
    expect((await em.findOneOrFail(Post, DEMO.unlistedStoryId)).visibility).toBe('UNLISTED');
    expect((await em.findOneOrFail(Post, DEMO.draftId)).status).toBe('DRAFT');
  });

  it('stores believable demo images through the media store, with their Media rows, quickly', async () => {
    // The database was seeded without a media store: seeding again adds only the images.
    const started = performance.now();
    const result = await seedDemo(db.orm, { media });
    // About 1.5 s on two idle cores; the bound leaves room for a machine busy with other tests.
    expect(performance.now() - started).toBeLessThan(12_000);
    const specs = demoImageSpecs();
    expect(result.images).toBe(specs.length);
    expect(result.posts + result.users + result.claps + result.follows).toBe(0);
    expect(specs.filter((s) => s.kind === 'avatar')).toHaveLength(DEMO.counts.users);
    expect(specs.filter((s) => s.kind === 'logo')).toHaveLength(DEMO.counts.publications);

    const em = db.em();
    const rows = new Map((await em.find(Media, {})).map((m) => [m.storageKey, m]));
    const digests = new Set<string>();
    for (const spec of specs) {
      // Drawn from shapes only: no text element, no font, nothing that could spell a label.
      expect(demoImageSvg(spec), spec.key).not.toMatch(/<text|<tspan|font-|Demo image/i);
      const data = await media.get(spec.key);
      expect(data, spec.key).not.toBeNull();
      const meta = await sharp(data!).metadata();
      expect(meta.format, spec.key).toBe(spec.mime === 'image/png' ? 'png' : 'jpeg');
      expect([meta.width, meta.height], spec.key).toEqual([spec.width, spec.height]);
      expect(meta.exif, spec.key).toBeUndefined();
      // A picture, not a flat fill: the pixels vary.
      const stats = await sharp(data!).stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev)), spec.key).toBeGreaterThan(8);
      expect(data!.length, spec.key).toBeLessThan(spec.kind === 'story' ? 80_000 : 20_000);
      const row = rows.get(spec.key);
      expect(row, spec.key).toMatchObject({ mime: spec.mime, width: spec.width, height: spec.height });
      expect(row?.bytes).toBe(data!.length);
      expect(row?.sha256).toBe(createHash('sha256').update(data!).digest('hex'));
      digests.add(row!.sha256);
    }
    expect(digests.size).toBe(specs.length);
    // Deterministic: drawing an image again gives the same bytes.
    for (const spec of [specs[0]!, specs.find((s) => s.kind === 'avatar')!, specs.at(-1)!]) {
      expect((await renderDemoImage(spec)).equals((await media.get(spec.key))!), spec.key).toBe(true);
    }
  });

  it('has a stored image for every image id the demo content refers to', async () => {
    const em = db.em();
    const ids = new Set<string>();
    for (const user of await em.find(User, {})) if (user.imageId) ids.add(user.imageId);
    for (const pub of await em.find(Collection, {})) if (pub.avatarId) ids.add(pub.avatarId);
    for (const post of await em.find(Post, {})) {
      if (post.previewImageId) ids.add(post.previewImageId);
      for (const p of post.content.paragraphs) {
        if (p.type !== 'IMG' || !p.metadata?.id) continue;
        ids.add(p.metadata.id);
        const meta = await sharp((await media.get(p.metadata.id))!).metadata();
        // The paragraph's stated size is the picture's, so the reader reserves the right box.
        expect([meta.width, meta.height], p.metadata.id).toEqual([
          p.metadata.originalWidth,
          p.metadata.originalHeight,
        ]);
      }
    }
    expect(ids.size).toBeGreaterThan(DEMO.counts.users);
    for (const id of ids) expect(await media.has(id), id).toBe(true);
    expect(await db.em().count(Media, { storageKey: { $in: [...ids] } })).toBe(ids.size);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const story = await db.em().findOneOrFail(Post, DEMO.story.id);
    const again = await seedDemo(db.orm, { media });
    expect(again).toEqual(Object.fromEntries(Object.keys(again).map((k) => [k, 0])));
    expect(await counts()).toEqual(before);
    const after = await db.em().findOneOrFail(Post, DEMO.story.id);
    expect(after.updatedAt).toEqual(story.updatedAt);
    expect(after.shareKey).toBe(story.shareKey);
  });

  it('draws a missing demo image again when the server starts on seeded data', async () => {
    const key = demoImageSpecs().find((s) => s.kind === 'avatar')!.key;
    const original = (await media.get(key))!;
    await media.delete(key);
    const before = await counts();
    expect(await seedDemoIfEmpty(db.orm, { media })).toBeNull();
    expect((await media.get(key))?.equals(original)).toBe(true);
    expect(await counts()).toEqual(before);
  });
});

describe('seedScale', () => {
  it('creates 2000 posts by 200 users, and is idempotent', async () => {
    const events: string[] = [];
    const result = await seedScale(db.orm, { posts: 2000, onProgress: (p) => events.push(p.phase) });
    expect(result).toMatchObject({ skipped: false, posts: 2000, users: 200 });
    expect(events).toContain('posts');
    const em = db.em();
    const scaleUsers = await em.count(User, { username: { $like: 'scale-user-%' } });
    expect(scaleUsers).toBe(200);
    expect(await em.count(Post, { creator: { username: { $like: 'scale-user-%' } } })).toBe(2000);
    expect(await em.count(PostVersion, { post: { creator: { username: { $like: 'scale-user-%' } } } })).toBe(
      2000,
    );
    expect(await em.count(FollowUser, { follower: { username: { $like: 'scale-user-%' } } })).toBeGreaterThan(
      9000,
    );
    expect(await em.count(Clap, { user: { username: { $like: 'scale-user-%' } } })).toBeGreaterThan(4000);

    const sample = await em.find(
      Post,
      { creator: { username: { $like: 'scale-user-%' } } },
      { limit: 50, orderBy: { id: 'asc' } },
    );
    for (const post of sample) {
      expect(post.id).toMatch(/^[0-9a-f]{12}$/);
      expect(post.uniqueSlug).toBe(uniqueSlug(post.title, post.id));
      expect(postContentSchema.safeParse(post.content).success).toBe(true);
      expect(post.readingTime).toBe(readingTimeMinutes(post.content));
    }
    const mismatched = await scalar(
      `select count(*) as n from posts p
       where p.clap_count <> coalesce((select sum(count) from claps c where c.post_id = p.id), 0)`,
    );
    expect(mismatched).toBe(0);

    const before = await counts();
    const again = await seedScale(db.url, { posts: 2000 });
    expect(again).toMatchObject({ skipped: true, posts: 2000, users: 200, rowsInserted: 0 });
    expect(await counts()).toEqual(before);
    // The demo content is untouched by the scale rows.
    expect(await db.em().count(User, { username: { $like: 'scale-user-%' } })).toBe(200);
    expect((await seedDemo(db.orm)).posts).toBe(0);
    // Scale rows reuse the demo's small pool of images, all of them stored.
    const pool = await db
      .em()
      .getConnection()
      .execute<{ id: string }[]>(
        `select distinct image_id as id from users where username like 'scale-user-%'
         union select distinct preview_image_id from posts where preview_image_id is not null`,
      );
    expect(pool.length).toBeLessThanOrEqual(DEMO.counts.users + 24);
    for (const { id } of pool) expect(await media.has(id), id).toBe(true);
  });

  it('grows to a larger size by adding only the missing rows', async () => {
    const result = await seedScale(db.url, { posts: 2500 });
    expect(result).toMatchObject({ skipped: false, posts: 2500, users: 250 });
    const em = db.em();
    expect(await em.count(Post, { creator: { username: { $like: 'scale-user-%' } } })).toBe(2500);
    expect(await scalar(`select count(distinct unique_slug) as n from posts`)).toBe(await em.count(Post, {}));
    await expect(seedScale(db.url, { posts: 0 })).rejects.toThrow(RangeError);
  });
});
