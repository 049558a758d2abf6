import type { Orm } from '@quire/db';
import type { PostContent } from '@quire/domain';
import pg from 'pg';
import { CLOSINGS, GENERIC_SECTIONS, TOPICS, WRITERS } from './demo-content';
import { DEMO_IMAGES } from './demo-plan';
import { ParagraphBuilder, prng, wordCount } from './text';

export interface ScaleProgress {
  phase: string;
  /** Rows written so far (planned counts; a few follows may be skipped as duplicates). */
  done: number;
  total: number;
}

export interface ScaleOptions {
  /** Stories to reach; users are a tenth of that, each following up to 50 others. */
  posts: number;
  onProgress?: (progress: ScaleProgress) => void;
}

export interface ScaleResult {
  /** True when the scale data was already at (or above) the requested size. */
  skipped: boolean;
  /** Scale rows present afterwards. */
  posts: number;
  users: number;
  /** Rows inserted on this run, across every table. */
  rowsInserted: number;
  ms: number;
}

/** Largest --scale the CLI accepts. */
export const MAX_SCALE_POSTS = 10_000_000;

const POST_CHUNK = 5_000;
const USER_CHUNK = 2_000;
const FOLLOWS_PER_USER = 50;

// Every scale row gets a deterministic 12-hex id: a one-hex-digit table prefix, then the row number
// multiplied by an odd constant modulo 2^44 (a bijection, so ids never collide) as 11 hex digits.
const sid = (prefix: string, n: string) =>
  `('${prefix}' || lpad(to_hex(((${n})::bigint * 2654435761) % 17592186044416), 11, '0'))`;
const P = { user: 'e', post: 'f', version: 'b', tag: 'd', collection: 'c', postTag: 'a', clap: '7' } as const;
const F = { follow: '9', followTag: '8', followCollection: '5', member: '6' } as const;

/** A 32-bit multiplicative hash of a row number, for spreading choices without visible cycles. */
const mix = (n: string) => `(((${n})::bigint * 2654435761) % 4294967296)`;
/** Distinct "Adjective Noun" pairs for n < 1200 (ADJECTIVES has 30 entries, NOUNS 40). */
const pairName = (adjectives: string, nouns: string, n: string) =>
  `(${adjectives})[1 + (${n}) % 30] || ' ' || (${nouns})[1 + ((${n}) / 30 + (${n})) % 40]`;

/** Author of scale post i: one of the first ceil(i/10) users, so early users write the most. */
const authorOf = (i: string) => `(1 + ${mix(i)} % ceil((${i}) / 10.0)::bigint)`;
/** Claps on post i (distinct clappers, never the author). */
const clapsOf = (i: string, users: number) => `least(((${i}) * 7) % 6, ${users - 1})`;
const clapCount = (i: string, j: string) => {
  const x = `(((${i}) * 31 + (${j}) * 17) % 50)`;
  return `(1 + ${x} * ${x} / 50)`;
};
/** The j-th tag of post i: skewed towards the first tags, distinct for j = 1..3. */
const tagOf = (i: string, j: string, tags: number) =>
  `(1 + (floor(${tags} * power((((${i}) * 2654435761) % 1000003) / 1000003.0, 2))::bigint + (${j}) - 1) % ${tags})`;

const ADJECTIVES = [
  'Quiet',
  'Small',
  'Slow',
  'Hidden',
  'Boring',
  'Modern',
  'Forgotten',
  'Simple',
  'Better',
  'Honest',
  'Local',
  'Tiny',
  'Open',
  'Patient',
  'Practical',
  'Unexpected',
  'Fragile',
  'Resilient',
  'Careful',
  'Digital',
  'Analog',
  'Remote',
  'Shared',
  'Lazy',
  'Brave',
  'Humble',
  'Messy',
  'Elegant',
  'Ordinary',
  'Lasting',
];
const NOUNS = [
  'Databases',
  'Habits',
  'Cities',
  'Startups',
  'Teams',
  'Interfaces',
  'Budgets',
  'Gardens',
  'Elections',
  'Compilers',
  'Newsletters',
  'Libraries',
  'Microservices',
  'Cameras',
  'Deadlines',
  'Meetings',
  'Vaccines',
  'Batteries',
  'Playlists',
  'Bridges',
  'Notebooks',
  'Forests',
  'Markets',
  'Protocols',
  'Bicycles',
  'Kitchens',
  'Podcasts',
  'Spreadsheets',
  'Telescopes',
  'Classrooms',
  'Neighborhoods',
  'Algorithms',
  'Museums',
  'Passwords',
  'Rivers',
  'Routines',
  'Essays',
  'Sensors',
  'Maps',
  'Recipes',
];
const PATTERNS = [
  'Why %s %s Matter More Than You Think',
  'The Case for %s %s',
  'What I Learned From %s %s',
  'A Field Guide to %s %s',
  'Notes on %s %s',
  'How to Think About %s %s',
  'In Defense of %s %s',
  'The Trouble With %s %s',
];
const SUBTITLES = [
  'A short essay on the things we overlook.',
  'What changed my mind, and what didn’t.',
  'Lessons from a year of paying attention.',
  'A practical guide with a few strong opinions.',
  'The answer is simpler than it looks.',
  'Notes from the field, lightly edited.',
];
const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Riley',
  'Casey',
  'Jamie',
  'Avery',
  'Quinn',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Mateo',
  'Sofia',
  'Arjun',
  'Aisha',
  'Wei',
  'Yuki',
  'Elena',
  'Marco',
  'Fatima',
  'Kwame',
  'Ingrid',
  'Diego',
  'Hana',
  'Oscar',
  'Leila',
  'Tomas',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Kim',
  'Nguyen',
  'Patel',
  'Müller',
  'Rossi',
  'Silva',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Johansson',
  'Dubois',
  'Haddad',
  'Mensah',
  'Novak',
  'Ali',
  'Chen',
  'Lopez',
  'Brown',
  'Wilson',
  'Ivanova',
  'Costa',
  'Yilmaz',
  'Andersen',
  'Moreau',
  'Sato',
  'Reyes',
  'Walker',
  'Singh',
];

/** A few shared bodies for scale posts (the title paragraphs are prepended per post in SQL). */
function scaleTemplates(): { content: PostContent; words: number; images: number }[] {
  const rng = prng(0x5ca1e);
  return TOPICS.slice(0, 6).map((topic, t) => {
    const b = new ParagraphBuilder(rng);
    b.text('P', topic.intros[t % topic.intros.length]!);
    // The demo seed generates these images (demo-images.ts); scale posts share the first few.
    b.image({ ...DEMO_IMAGES[t]!, alt: 'Illustration' }, 'Photo by the author.');
    for (const section of [
      topic.sections[t % topic.sections.length]!,
      GENERIC_SECTIONS[t % GENERIC_SECTIONS.length]!,
    ]) {
      b.plain('H3', section.heading);
      b.text('P', section.paragraphs[0]);
      if (section.list) b.list(section.list.ordered, section.list.items);
      if (section.code) b.code(section.code.language, section.code.text);
      if (section.quote) b.text('BQ', section.quote);
      for (const text of section.paragraphs.slice(1)) b.text('P', text);
    }
    b.rule();
    b.text('P', CLOSINGS[t % CLOSINGS.length]!);
    const content = b.content();
    return {
      content,
      words: wordCount(content),
      images: content.paragraphs.filter((p) => p.type === 'IMG').length,
    };
  });
}

/** Sizes derived from the number of posts. */
export function scalePlan(posts: number) {
  const users = Math.max(2, Math.ceil(posts / 10));
  return {
    posts,
    users,
    followsPerUser: Math.min(FOLLOWS_PER_USER, users - 1),
    tags: Math.min(500, Math.max(10, Math.ceil(posts / 200))),
    collections: Math.min(100, Math.ceil(posts / 5000)),
  };
}

function clientFor(target: Orm | string): pg.Client {
  const url = typeof target === 'string' ? target : target.config.get('clientUrl');
  if (!url) throw new Error('seedScale: no database URL');
  return new pg.Client({ connectionString: url });
}

async function scaleCounts(client: pg.Client) {
  const { rows } = await client.query<{ users: string; posts: string; tags: string; collections: string }>(`
    SELECT (SELECT count(*) FROM users WHERE username LIKE 'scale-user-%') AS users,
           (SELECT count(*) FROM posts WHERE creator_id IN (SELECT id FROM users WHERE username LIKE 'scale-user-%')) AS posts,
           (SELECT count(*) FROM tags WHERE slug LIKE 'scale-tag-%') AS tags,
           (SELECT count(*) FROM collections WHERE slug LIKE 'scale-pub-%') AS collections`);
  const row = rows[0]!;
  return {
    users: Number(row.users),
    posts: Number(row.posts),
    tags: Number(row.tags),
    collections: Number(row.collections),
  };
}

/**
 * Bulk data for benchmarks: `posts` stories by posts/10 users (`scale-user-N`), each following up to 50
 * others, with tags, publications, claps and topic follows. Written with set-based SQL
 * (INSERT … SELECT FROM generate_series) in one transaction. Re-running with the same size does nothing;
 * a larger size adds the missing rows.
 */
export async function seedScale(target: Orm | string, options: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  if (!Number.isInteger(options.posts) || options.posts < 1 || options.posts > MAX_SCALE_POSTS) {
    throw new RangeError(`seedScale: posts must be an integer from 1 to ${MAX_SCALE_POSTS}`);
  }
  const plan = scalePlan(options.posts);
  const client = clientFor(target);
  // A dropped connection also fails the pending query, which is where it is reported; without a
  // listener the client's 'error' event would crash the process instead.
  client.on('error', () => {});
  await client.connect();
  try {
    const before = await scaleCounts(client);
    if (before.posts >= plan.posts) {
      return {
        skipped: true,
        posts: before.posts,
        users: before.users,
        rowsInserted: 0,
        ms: performance.now() - started,
      };
    }
    const from = {
      posts: before.posts + 1,
      users: before.users + 1,
      tags: before.tags + 1,
      collections: before.collections + 1,
    };
    const U = plan.users;
    const T = plan.tags;
    const templates = scaleTemplates();

    // Planned row counts, for the progress total.
    let postTagRows = 0;
    let clapRows = 0;
    for (let i = from.posts; i <= plan.posts; i++) {
      postTagRows += 1 + (i % 3);
      clapRows += Math.min((i * 7) % 6, U - 1);
    }
    const newUsers = Math.max(0, U - from.users + 1);
    const newCollections = Math.max(0, plan.collections - from.collections + 1);
    const total =
      newUsers * (1 + plan.followsPerUser + 3 + 0.25) +
      Math.max(0, T - from.tags + 1) +
      newCollections * 3 +
      (plan.posts - from.posts + 1) * 2 +
      postTagRows +
      clapRows;
    let done = 0;
    let inserted = 0;
    const report = (phase: string, rows: number) => {
      done += rows;
      options.onProgress?.({
        phase,
        done: Math.min(Math.round(done), Math.round(total)),
        total: Math.round(total),
      });
    };
    const run = async (sql: string, params: unknown[] = []) => {
      const res = await client.query(sql, params);
      inserted += res.rowCount ?? 0;
      return res.rowCount ?? 0;
    };

    report('starting', 0);
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');

    // Users.
    for (let lo = from.users; lo <= U; lo += USER_CHUNK) {
      const hi = Math.min(U, lo + USER_CHUNK - 1);
      await run(
        `INSERT INTO users (id, created_at, updated_at, name, username, bio, image_id, onboarding_status,
                            medium_member_at, is_high_quality)
         SELECT ${sid(P.user, 'u')}, t, t,
                ($3::text[])[1 + ${mix('u')} % 30] || ' ' || ($4::text[])[1 + ${mix('u')} / 30 % 30],
                'scale-user-' || u,
                'Benchmark writer number ' || u || '.',
                'demo-avatar-' || (1 + u % ${WRITERS.length}) || '.jpg',
                'ONBOARDED',
                CASE WHEN u % 10 = 0 THEN (extract(epoch FROM t) * 1000)::bigint ELSE 0 END,
                u % 25 = 0
         FROM generate_series($1::bigint, $2::bigint) AS g(u),
              LATERAL (SELECT now() - make_interval(days => (400 + u % 1000)::int) AS t) AS ts
         ON CONFLICT DO NOTHING`,
        [lo, hi, FIRST_NAMES, LAST_NAMES],
      );
      report('users', hi - lo + 1);
    }

    // Tags and publications.
    if (from.tags <= T) {
      await run(
        `INSERT INTO tags (id, slug, name)
         SELECT ${sid(P.tag, 't')}, 'scale-tag-' || t, ${pairName('$3::text[]', '$4::text[]', 't')}
         FROM generate_series($1::bigint, $2::bigint) AS g(t)
         ON CONFLICT DO NOTHING`,
        [from.tags, T, ADJECTIVES, NOUNS],
      );
      report('tags', T - from.tags + 1);
    }
    if (newCollections > 0) {
      await run(
        `INSERT INTO collections (id, name, slug, description, tagline, creator_id)
         SELECT ${sid(P.collection, 'c')}, 'The ' || ${pairName('$3::text[]', '$4::text[]', 'c + 600')},
                'scale-pub-' || c, 'A benchmark publication.', 'Stories for load tests.', ${sid(P.user, 'c')}
         FROM generate_series($1::bigint, $2::bigint) AS g(c)
         ON CONFLICT DO NOTHING`,
        [from.collections, plan.collections, ADJECTIVES, NOUNS],
      );
      await run(
        `INSERT INTO collection_members (id, collection_id, user_id, role)
         SELECT ${sid(F.member, 'c * 4 + k')}, ${sid(P.collection, 'c')}, ${sid(P.user, 'c + k * $3')},
                CASE k WHEN 0 THEN 'OWNER' WHEN 1 THEN 'EDITOR' ELSE 'WRITER' END
         FROM generate_series($1::bigint, $2::bigint) AS g(c), generate_series(0, 2) AS k
         WHERE c + k * $3 <= $4
         ON CONFLICT DO NOTHING`,
        [from.collections, plan.collections, plan.collections, U],
      );
      report('publications', newCollections * 3);
    }

    // Posts with their first revision, tags and claps, in chunks.
    const tplParam = JSON.stringify(templates.map((t) => t.content.paragraphs));
    const tplWords = templates.map((t) => t.words);
    const tplImages = templates.map((t) => t.images);
    for (let lo = from.posts; lo <= plan.posts; lo += POST_CHUNK) {
      const hi = Math.min(plan.posts, lo + POST_CHUNK - 1);
      const chunkRows = hi - lo + 1;
      // The statement reports the versions it wrote; as many posts were written alongside.
      const versions = await run(
        `WITH src AS (
           SELECT i, ${sid(P.post, 'i')} AS id, title, sub,
                  regexp_replace(trim(regexp_replace(lower(title), '[^a-z0-9 ]', '', 'g')), ' +', '-', 'g') AS slug,
                  (i % $9::int) AS tpl,
                  now() - make_interval(mins => ((i * 7919) % 525600)::int) AS at
           FROM generate_series($1::bigint, $2::bigint) AS g(i),
                LATERAL (SELECT ${mix('i')} AS h) AS hh,
                LATERAL (SELECT format(($3::text[])[1 + h % 8], ($4::text[])[1 + h / 8 % 30], ($5::text[])[1 + h / 240 % 40]) AS title,
                                ($6::text[])[1 + h / 9600 % 6] AS sub) AS t
         ), ins AS (
           INSERT INTO posts (id, created_at, updated_at, creator_id, collection_id, status_for_collection, title, subtitle,
                              slug, unique_slug, status, type, visibility, is_locked, locked_source, curation_status, content,
                              latest_rev, latest_published_rev, first_published_at, latest_published_at, preview_image_id,
                              reading_time, word_count, clap_count, share_key, primary_topic_id)
           SELECT id, at - interval '2 hours', at, ${sid(P.user, authorOf('i'))},
                  CASE WHEN i % 10 = 3 THEN ${sid(P.collection, `1 + (i * 7) % least(${plan.collections}, ceil(i / 5000.0))::bigint`)} END,
                  CASE WHEN i % 10 = 3 THEN 'APPROVED' END,
                  title, sub, slug, slug || '-' || id, 'PUBLISHED', 'PUBLISHED',
                  CASE WHEN i % 5 = 0 THEN 'LOCKED' ELSE 'PUBLIC' END, i % 5 = 0,
                  CASE WHEN i % 5 = 0 THEN 'UGC' ELSE 'NONE' END,
                  CASE WHEN i % 7 = 0 THEN 'DISTRIBUTED' ELSE 'NOT_REVIEWED' END,
                  jsonb_build_object('paragraphs',
                    jsonb_build_array(
                      jsonb_build_object('name', 't1', 'type', 'H3', 'text', title, 'markups', '[]'::jsonb),
                      jsonb_build_object('name', 't2', 'type', 'H4', 'text', sub, 'markups', '[]'::jsonb)
                    ) || ($7::jsonb -> tpl::int)),
                  1, 1, at, at, 'demo-' || (1 + tpl) || '.jpg',
                  greatest(1, ceil((words / 265.0) + ($10::int[])[1 + tpl] * 12 / 60.0)), words,
                  (SELECT coalesce(sum(${clapCount('i', 'j')}), 0) FROM generate_series(1, ${clapsOf('i', U)}) AS j),
                  left(md5('scale-share-' || i), 16),
                  ${sid(P.tag, tagOf('i', '1', T))}
           FROM src,
                LATERAL (SELECT ($8::int[])[1 + tpl] + cardinality(string_to_array(title, ' '))
                                + cardinality(string_to_array(sub, ' ')) AS words) AS w
           ON CONFLICT DO NOTHING
           RETURNING id, title, content, creator_id, created_at, updated_at
         )
         INSERT INTO post_versions (id, created_at, updated_at, post_id, rev, title, content, created_by_id)
         SELECT '${P.version}' || substr(id, 2), updated_at, updated_at, id, 1, title, content, creator_id FROM ins`,
        [lo, hi, PATTERNS, ADJECTIVES, NOUNS, SUBTITLES, tplParam, tplWords, templates.length, tplImages],
      );
      inserted += versions;
      report('posts', chunkRows * 2);
      let rows = await run(
        `INSERT INTO post_tags (id, post_id, tag_id, position)
         SELECT ${sid(P.postTag, 'i * 4 + j')}, ${sid(P.post, 'i')}, ${sid(P.tag, tagOf('i', 'j', T))}, j - 1
         FROM generate_series($1::bigint, $2::bigint) AS g(i), LATERAL generate_series(1, 1 + i % 3) AS j
         ON CONFLICT DO NOTHING`,
        [lo, hi],
      );
      report('post tags', rows);
      rows = await run(
        `INSERT INTO claps (id, created_at, updated_at, user_id, post_id, count)
         SELECT ${sid(P.clap, 'i * 8 + j')}, now(), now(),
                ${sid(P.user, `1 + (${authorOf('i')} - 1 + j) % ${U}`)}, ${sid(P.post, 'i')}, ${clapCount('i', 'j')}
         FROM generate_series($1::bigint, $2::bigint) AS g(i), LATERAL generate_series(1, ${clapsOf('i', U)}) AS j
         ON CONFLICT DO NOTHING`,
        [lo, hi],
      );
      report('claps', rows);
    }

    // Follows: half to neighbours, half to the earliest (most prolific) writers; and topic follows.
    const near = Math.ceil(plan.followsPerUser / 2);
    const stars = plan.followsPerUser - near;
    for (let lo = from.users; lo <= U; lo += USER_CHUNK) {
      const hi = Math.min(U, lo + USER_CHUNK - 1);
      await run(
        `INSERT INTO follow_users (id, created_at, updated_at, follower_id, target_id)
         SELECT ${sid(F.follow, 'u * 64 + k')}, now() - make_interval(days => ((u + k) % 365)::int), now(),
                ${sid(P.user, 'u')}, ${sid(P.user, 'target')}
         FROM generate_series($1::bigint, $2::bigint) AS g(u),
              LATERAL (SELECT k, 1 + (u - 1 + k) % $3 AS target FROM generate_series(1, $4::int) AS k
                       UNION ALL
                       SELECT 32 + k, k AS target FROM generate_series(1, $5::int) AS k) AS f
         WHERE target <> u
         ON CONFLICT DO NOTHING`,
        [lo, hi, U, near, stars],
      );
      await run(
        `INSERT INTO follow_tags (id, follower_id, tag_id)
         SELECT ${sid(F.followTag, 'u * 4 + k')}, ${sid(P.user, 'u')}, ${sid(P.tag, `1 + (u * 7 + k * ${Math.floor(T / 3)}) % ${T}`)}
         FROM generate_series($1::bigint, $2::bigint) AS g(u), generate_series(0, 2) AS k
         ON CONFLICT DO NOTHING`,
        [lo, hi],
      );
      if (plan.collections > 0) {
        await run(
          `INSERT INTO follow_collections (id, follower_id, collection_id)
           SELECT ${sid(F.followCollection, 'u')}, ${sid(P.user, 'u')}, ${sid(P.collection, `1 + u % ${plan.collections}`)}
           FROM generate_series($1::bigint, $2::bigint) AS g(u)
           WHERE u % 4 = 0
           ON CONFLICT DO NOTHING`,
          [lo, hi],
        );
      }
      report('follows', (hi - lo + 1) * (plan.followsPerUser + 3 + 0.25));
    }

    // Denormalised tag counters for the scale tags.
    await client.query(
      `UPDATE tags t
       SET post_count = (SELECT count(*) FROM post_tags pt WHERE pt.tag_id = t.id),
           follower_count = (SELECT count(*) FROM follow_tags ft WHERE ft.tag_id = t.id)
       WHERE t.slug LIKE 'scale-tag-%'`,
    );
    await client.query('COMMIT');
    report('analyzing', 0);
    await client.query(
      'ANALYZE users, posts, post_versions, post_tags, tags, claps, follow_users, follow_tags, follow_collections, collections',
    );
    report('done', total);
    const after = await scaleCounts(client);
    return {
      skipped: false,
      posts: after.posts,
      users: after.users,
      rowsInserted: inserted,
      ms: performance.now() - started,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
