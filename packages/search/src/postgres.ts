import type { EntityManager } from '@mikro-orm/postgresql';
import { TAG_SUGGESTION_MIN_POST_COUNT } from '@quire/domain';
import type {
  CollectionHit,
  NumericFilter,
  PostHit,
  RawResult,
  SearchIndex,
  SearchQuery,
  TagHit,
  UserHit,
} from './types';

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

type Row = Record<string, unknown>;

/**
 * The embedded default: queries the source tables directly (no copy to keep in sync), ranked with
 * pg_trgm and, for stories, full-text search. Only what any visitor may see is searchable: live
 * accounts and publications, and the titles and subtitles of published, listed stories — never a
 * draft, and never the body of a story (members-only text stays behind the paywall).
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly backend = 'postgres' as const;

  constructor(private readonly em: EntityManager) {}

  find(queries: readonly SearchQuery[]): Promise<RawResult[]> {
    return Promise.all(queries.map((q) => this.findOne(q)));
  }

  private async rows(q: SearchQuery, sql: string, params: unknown[]) {
    const rows = await this.em
      .getConnection()
      .execute<Row[]>(`${sql} limit ? offset ?`, [...params, q.hitsPerPage + 1, q.page * q.hitsPerPage]);
    return { rows: rows.slice(0, q.hitsPerPage), hasMore: rows.length > q.hitsPerPage };
  }

  private async findOne(q: SearchQuery): Promise<RawResult> {
    switch (q.entity) {
      case 'user': {
        const m = textMatch(['u.name', 'u.username'], q.query.replace(/^@/, ''));
        const { rows, hasMore } = await this.rows(
          q,
          `select u.id, u.username, u.name, u.image_id, u.bio, ${m.rank} as score
             from users u
            where not u.is_deleted and u.deleted_at is null and not u.is_suspended
              and (u.is_high_quality or not ?) and ${m.where}
            order by score desc, u.name, u.id`,
          [...m.rankParams, q.highQualityOnly, ...m.whereParams],
        );
        const hits: UserHit[] = rows.map((r) => ({
          objectID: String(r.id),
          userId: String(r.id),
          username: String(r.username),
          name: String(r.name),
          imageId: (r.image_id as string | null) ?? null,
          bio: String(r.bio ?? ''),
        }));
        return { entity: 'user', hits, hasMore };
      }
      case 'collection': {
        const m = textMatch(['c.name'], q.query);
        const { rows, hasMore } = await this.rows(
          q,
          `select c.id, c.name, c.slug, c.avatar_id, c.description, ${m.rank} as score
             from collections c
            where c.visibility <> 'PRIVATE' and (c.is_high_quality or not ?) and ${m.where}
            order by score desc, c.name, c.id`,
          [...m.rankParams, q.highQualityOnly, ...m.whereParams],
        );
        const hits: CollectionHit[] = rows.map((r) => ({
          objectID: String(r.id),
          collectionId: String(r.id),
          name: String(r.name),
          slug: String(r.slug),
          imageId: (r.avatar_id as string | null) ?? null,
          description: String(r.description ?? ''),
        }));
        return { entity: 'collection', hits, hasMore };
      }
      case 'tag': {
        const m = textMatch(['t.name', 't.slug'], q.query);
        const numeric = numericWhere(q.numericFilters, { postCount: 't.post_count' });
        const { rows, hasMore } = await this.rows(
          q,
          `select t.slug, t.name, t.post_count, ${m.rank} as score
             from tags t
            where t.visibility <> 'STAFF' and t.post_count >= ? and ${m.where}${numeric.sql}
            order by score desc, t.post_count desc, t.slug`,
          [...m.rankParams, TAG_SUGGESTION_MIN_POST_COUNT, ...m.whereParams, ...numeric.params],
        );
        const hits: TagHit[] = rows.map((r) => ({
          objectID: String(r.slug),
          tagSlug: String(r.slug),
          displayText: String(r.name),
          postCount: Number(r.post_count),
        }));
        return { entity: 'tag', hits, hasMore };
      }
      case 'post': {
        const m = textMatch(['p.title'], q.query);
        const numeric = numericWhere(q.numericFilters, { latestPublishedAt: 'p.latest_published_at' });
        const scope = q.scope
          ? 'collectionId' in q.scope
            ? { sql: ' and p.collection_id = ?', params: [q.scope.collectionId] }
            : { sql: ' and p.creator_id = ?', params: [q.scope.authorId] }
          : { sql: '', params: [] };
        const document = `to_tsvector('simple', coalesce(p.title, '') || ' ' || coalesce(p.subtitle, ''))`;
        const { rows, hasMore } = await this.rows(
          q,
          `select p.id, p.title, p.subtitle, p.latest_published_at, u.name as author_name,
                  u.username as author_username,
                  ${m.rank} + ts_rank(${document}, websearch_to_tsquery('simple', ?)) as score
             from posts p join users u on u.id = p.creator_id
            where p.status = 'PUBLISHED' and p.deleted_at is null and p.visibility <> 'UNLISTED'
              and p.in_response_to_post_id is null and not p.is_suspended
              and p.latest_published_at is not null
              and not u.is_suspended and not u.is_deleted and u.deleted_at is null
              and (u.is_high_quality or not ?)${scope.sql}${numeric.sql}
              and (${document} @@ websearch_to_tsquery('simple', ?) or ${m.where})
            order by score desc, p.latest_published_at desc, p.id`,
          [
            ...m.rankParams,
            q.query,
            q.highQualityOnly,
            ...scope.params,
            ...numeric.params,
            q.query,
            ...m.whereParams,
          ],
        );
        const hits: PostHit[] = rows.map((r) => ({
          objectID: String(r.id),
          postId: String(r.id),
          title: String(r.title),
          subtitle: (r.subtitle as string | null) ?? null,
          latestPublishedAt: new Date(r.latest_published_at as string | Date).getTime(),
          authorName: String(r.author_name),
          authorUsername: String(r.author_username),
        }));
        return { entity: 'post', hits, hasMore };
      }
    }
  }
}
