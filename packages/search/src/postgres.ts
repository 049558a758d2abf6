import type { EntityManager } from '@mikro-orm/postgresql';
import { TAG_SUGGESTION_MIN_POST_COUNT } from '@quire/domain';
import {
  HIT_COLUMNS,
  hitFromRow,
  LIVE_USER_SQL,
  type Row,
  SEARCHABLE_COLLECTION_SQL,
  SEARCHABLE_POST_SQL,
  SEARCHABLE_TAG_SQL,
} from './hits';
import type { NumericFilter, RawResult, SearchIndex, SearchQuery } from './types';

/**
 * How many stories one branch of a story search ranks (the stored text, the title, a member's whole text), per
 * result the page asks for: the newest that match. Ranking every story that contains a common word took
 * 200–300 ms of the database at 100,000 stories.
 */
export const SEARCH_CANDIDATES_PER_HIT = 5;

/** How far back a story search first looks for its newest matches (`newestMatches`). */
export const SEARCH_RECENT_DAYS = 30;

/**
 * A publication time as its UTC day, as the search indexes hold it beside a story's words (`PUBLISHED_ON` of
 * @quire/db, which the tests compare with this): a range of days is a few keys of such an index.
 */
export const publishedOn = (column: string) => `(date_trunc('day', ${column} at time zone 'UTC'))`;

/**
 * A query of one word (letters and digits only): its misspellings match thousands of titles, each checked, so its
 * title branch looks at recent stories first too; a longer query's match few, and looking twice cost more.
 */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The `wanted` newest stories a candidate branch matches (its `sql` selects `id` and `published_at`), the branch
 * served by its own index ('offset 0' keeps it so: walking every story by date until enough match reads the whole
 * table for a rare word). A text branch (`recentFirst`) looks among the last SEARCH_RECENT_DAYS days' stories
 * first, where its index, which holds each story's date beside its words, leaves out the older matches before any
 * row is read, and reads the whole archive only when those are fewer than `wanted`, whose newest are then the same
 * stories: a word thousands of stories hold read every one of them to sort them by date (10–19 ms of the database
 * at 100,000 stories). The title's branch does so for a query of one word only (`ONE_WORD`). `recent` is a CTE named
 * `name` (null without one); `ids` selects the candidates' ids.
 */
function newestMatches(
  name: string,
  branch: { sql: string; publishedAt: string; params: unknown[]; recentFirst: boolean },
  wanted: number,
) {
  const newest = `select id from (select id from (${branch.sql} offset 0) m order by published_at desc limit ?) archive`;
  if (!branch.recentFirst) {
    return { recent: null, recentParams: [], ids: newest, idsParams: [...branch.params, wanted] };
  }
  const since = `${publishedOn('now()')} - interval '${SEARCH_RECENT_DAYS} days'`;
  return {
    recent: `${name} as (select id from (${branch.sql} and ${publishedOn(branch.publishedAt)} >= ${since} offset 0) m
                          order by published_at desc limit ?)`,
    recentParams: [...branch.params, wanted],
    ids: `select id from ${name} union all ${newest} where (select count(*) from ${name}) < ?`,
    idsParams: [...branch.params, wanted, wanted],
  };
}

/** `%` and `_` in the user's text match themselves, not any character. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The SQL pieces every entity's query shares: a rank (exact match, then prefix or word-start, plus
 * trigram word similarity for typos) and a match condition that the trigram GIN indexes of migration
 * search_indexes serve (ILIKE for substrings, `<%` for misspellings).
 */
function textMatch(columns: string[], query: string) {
  const contains = `%${likeEscape(query)}%`;
  const prefix = `${likeEscape(query)}%`;
  const wordStart = `% ${likeEscape(query)}%`;
  const exact = columns.map((c) => `lower(${c}) = lower(?)`).join(' or ');
  const starts = columns.map((c) => `${c} ilike ? or ${c} ilike ?`).join(' or ');
  const similarity = `greatest(${columns.map((c) => `word_similarity(?, ${c})`).join(', ')})`;
  return {
    rank: `(case when ${exact} then 3 when ${starts} then 2 else 0 end + ${similarity})`,
    rankParams: [
      ...columns.map(() => query),
      ...columns.flatMap(() => [prefix, wordStart]),
      ...columns.map(() => query),
    ],
    where: `(${columns.map((c) => `${c} ilike ? or ? <% ${c}`).join(' or ')})`,
    whereParams: columns.flatMap(() => [contains, query]),
  };
}

const SQL_OPERATORS: Record<NumericFilter['op'], string> = {
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '=': '=',
  '!=': '<>',
};

/** Numeric filters as SQL on known columns only (the attribute names come from a closed list). */
function numericWhere(filters: NumericFilter[] | undefined, columns: Record<string, string>) {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const f of filters ?? []) {
    const column = columns[f.attribute];
    if (!column) continue;
    if (f.attribute === 'latestPublishedAt') {
      parts.push(`${column} ${SQL_OPERATORS[f.op]} to_timestamp(? / 1000.0)`);
    } else {
      parts.push(`${column} ${SQL_OPERATORS[f.op]} ?`);
    }
    params.push(f.value);
  }
  return { sql: parts.map((p) => ` and ${p}`).join(''), params };
}

/** Users and publications are found alike: by name, among visible rows, high-quality ones only when asked. */
const NAMED = {
  user: {
    from: 'users u',
    matched: ['u.name', 'u.username'],
    visible: LIVE_USER_SQL,
    highQuality: 'u.is_high_quality',
    order: 'u.name, u.id',
  },
  collection: {
    from: 'collections c',
    matched: ['c.name'],
    visible: SEARCHABLE_COLLECTION_SQL,
    highQuality: 'c.is_high_quality',
    order: 'c.name, c.id',
  },
};

/** ` and column not in (…)` for the ids given (nothing when there are none), with its parameters. */
const notIn = (column: string, ids: readonly string[] | undefined) =>
  ids?.length
    ? { sql: ` and ${column} not in (${ids.map(() => '?').join(', ')})`, params: [...ids] }
    : { sql: '', params: [] as string[] };

/**
 * The embedded default: queries the tables themselves (a story's text is stored for search by a trigger
 * in the very transaction that publishes or edits it, so it is findable as soon as that commits), ranked
 * with pg_trgm and, for stories, full-text search.
 * Only what any visitor may see is searchable: live accounts and publications, and published, listed
 * stories by any word of their title, subtitle or body — never a draft. The part of a members-only story
 * past its locked preview is matched for members only (membersText), so it stays behind the paywall.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly backend = 'postgres' as const;

  constructor(private readonly em: EntityManager) {}

  find(queries: readonly SearchQuery[]): Promise<RawResult[]> {
    return Promise.all(queries.map((q) => this.findOne(q)));
  }

  /** One page of `sql`'s rows (HIT_COLUMNS of the query's entity) as hits, fetching one more to know if more follow. */
  private async page(q: SearchQuery, sql: string, params: unknown[]): Promise<RawResult> {
    const rows = await this.em
      .getConnection()
      .execute<Row[]>(`${sql} limit ? offset ?`, [...params, q.hitsPerPage + 1, q.page * q.hitsPerPage]);
    return {
      entity: q.entity,
      hits: rows.slice(0, q.hitsPerPage).map((r) => hitFromRow(q.entity, r)),
      hasMore: rows.length > q.hitsPerPage,
    } as RawResult;
  }

  private findOne(q: SearchQuery): Promise<RawResult> {
    switch (q.entity) {
      case 'user':
      case 'collection': {
        const n = NAMED[q.entity];
        const m = textMatch(n.matched, q.entity === 'user' ? q.query.replace(/^@/, '') : q.query);
        const hidden = q.entity === 'user' ? notIn('u.id', q.hiddenUserIds) : notIn('c.id', []);
        return this.page(
          q,
          `select ${HIT_COLUMNS[q.entity]}, ${m.rank} as score
             from ${n.from}
            where ${n.visible} and (${n.highQuality} or not ?) and ${m.where}${hidden.sql}
            order by score desc, ${n.order}`,
          [...m.rankParams, q.highQualityOnly, ...m.whereParams, ...hidden.params],
        );
      }
      case 'tag': {
        const m = textMatch(['t.name', 't.slug'], q.query);
        const numeric = numericWhere(q.numericFilters, { postCount: 't.post_count' });
        return this.page(
          q,
          `select ${HIT_COLUMNS.tag}, ${m.rank} as score
             from tags t
            where ${SEARCHABLE_TAG_SQL} and t.post_count >= ? and ${m.where}${numeric.sql}
            order by score desc, t.post_count desc, t.slug`,
          [...m.rankParams, TAG_SUGGESTION_MIN_POST_COUNT, ...m.whereParams, ...numeric.params],
        );
      }
      case 'post': {
        const m = textMatch(['p.title'], q.query);
        const numeric = numericWhere(q.numericFilters, { latestPublishedAt: 'p.latest_published_at' });
        const scope = q.scope
          ? 'collectionId' in q.scope
            ? { sql: ' and p.collection_id = ?', params: [q.scope.collectionId] }
            : { sql: ' and p.creator_id = ?', params: [q.scope.authorId] }
          : { sql: '', params: [] };
        const hidden = notIn('p.creator_id', q.hiddenUserIds);
        const words = `websearch_to_tsquery('simple', ?)`;
        // Ranked on the title and subtitle (short, cheap to read again).
        const heading = `to_tsvector('simple', coalesce(p.title, '') || ' ' || coalesce(p.subtitle, ''))`;
        // The matching stories, each branch served by one index: the stored text (post_search_texts, kept by
        // trigger posts_search_text), and the title for prefixes and misspellings. Each branch keeps as many as
        // the page's results need (SEARCH_CANDIDATES_PER_HIT), the newest, so a common word ranks only those.
        const inTitle = textMatch(['s.title'], q.query);
        const wanted = (q.page + 1) * q.hitsPerPage * SEARCH_CANDIDATES_PER_HIT;
        const branches = [
          {
            sql: `select t.post_id as id, t.published_at from post_search_texts t where t.text @@ ${words}`,
            publishedAt: 't.published_at',
            params: [q.query],
            recentFirst: true,
          },
          {
            sql: `select s.id, s.latest_published_at as published_at from posts s
                   where s.status = 'PUBLISHED' and s.deleted_at is null and ${inTitle.where}`,
            publishedAt: 's.latest_published_at',
            params: inTitle.whereParams,
            recentFirst: ONE_WORD.test(q.query),
          },
          ...(q.membersText
            ? [
                {
                  sql: `select t.post_id as id, t.published_at from post_search_texts t where t.members_text @@ ${words}`,
                  publishedAt: 't.published_at',
                  params: [q.query],
                  recentFirst: true,
                },
              ]
            : []),
        ];
        const candidates = branches.map((b, i) => newestMatches(`recent_${i}`, b, wanted));
        const recent = candidates.flatMap((c) => (c.recent ? [c.recent] : []));
        return this.page(
          q,
          `${recent.length ? `with ${recent.join(', ')}` : ''}
           select ${HIT_COLUMNS.post},
                  ${m.rank} + ts_rank(${heading}, ${words}) as score
             from posts p join users u on u.id = p.creator_id
            where p.id in (${candidates.map((c) => c.ids).join(' union all ')})
              and ${SEARCHABLE_POST_SQL}
              and (u.is_high_quality or not ?)${scope.sql}${numeric.sql}${hidden.sql}
            order by score desc, p.latest_published_at desc, p.id`,
          [
            ...candidates.flatMap((c) => c.recentParams),
            ...m.rankParams,
            q.query,
            ...candidates.flatMap((c) => c.idsParams),
            q.highQualityOnly,
            ...scope.params,
            ...numeric.params,
            ...hidden.params,
          ],
        );
      }
    }
  }
}
