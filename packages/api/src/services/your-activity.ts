import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, Post, Tag, type User } from '@quire/db';
import { can, LISTED_TAG, loadPolicyViewer, READABLE_POST } from '../policies';
import { cardsInOrder, DISCOVERY_PAGE_SIZE, type PersonItem, peopleInOrder } from './discovery';
import { pageOf, type TimeCursor } from './keyset';
import type { PostCard } from './posts';

/*
 * /me/activity: what the viewer did lately, newest first: claps, responses, highlights and follows. Each
 * thing it names (a story, a writer, a publication, a topic) is shown only while the policy lets the viewer
 * see it; an item whose thing is gone is left out.
 */

export const ACTIVITY_KINDS = [
  'CLAP',
  'RESPONSE',
  'HIGHLIGHT',
  'FOLLOW_USER',
  'FOLLOW_PUBLICATION',
  'FOLLOW_TOPIC',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

type Base = { id: string; at: string };
/** One thing the viewer did, with what it names. */
export type ActivityItem =
  | (Base & { kind: 'CLAP'; post: PostCard; claps: number })
  | (Base & { kind: 'RESPONSE'; post: PostCard })
  | (Base & { kind: 'HIGHLIGHT'; post: PostCard; quote: string })
  | (Base & { kind: 'FOLLOW_USER'; person: PersonItem })
  | (Base & {
      kind: 'FOLLOW_PUBLICATION';
      publication: { id: string; name: string; slug: string; avatarId: string | null };
    })
  | (Base & { kind: 'FOLLOW_TOPIC'; topic: { id: string; name: string; slug: string } });

interface Row {
  kind: ActivityKind;
  id: string;
  at: Date;
  post_id: string | null;
  target_id: string | null;
  detail: string | null;
}

/** One page of the viewer's activity, keyset-paged by (time, id). */
export async function yourActivity(em: EntityManager, viewer: User, cursor: TimeCursor | null | undefined) {
  const after = cursor ? 'where (a.at, a.id) < (?::timestamptz, ?)' : '';
  const rows = await em.execute<Row[]>(
    `select a.* from (
       select 'CLAP' as kind, c.id, c.updated_at as at, c.post_id, null as target_id, c.count::text as detail
         from claps c where c.user_id = ?
       union all
       select 'RESPONSE', r.id, coalesce(r.latest_published_at, r.created_at), r.in_response_to_post_id, null, r.id
         from posts r
        where r.creator_id = ? and r.in_response_to_post_id is not null and r.status = 'PUBLISHED'
          and r.deleted_at is null
       union all
       select 'HIGHLIGHT', h.id, h.created_at, h.post_id, null, h.quote from highlights h where h.user_id = ?
       union all
       select 'FOLLOW_USER', f.id, f.created_at, null, f.target_id, null from follow_users f where f.follower_id = ?
       union all
       select 'FOLLOW_PUBLICATION', f.id, f.created_at, null, f.collection_id, null
         from follow_collections f where f.follower_id = ?
       union all
       select 'FOLLOW_TOPIC', f.id, f.created_at, null, f.tag_id, null from follow_tags f where f.follower_id = ?
     ) a ${after}
     order by a.at desc, a.id desc
     limit ?`,
    [
      ...Array.from({ length: 6 }, () => viewer.id),
      ...(cursor ? [new Date(cursor.at), cursor.id] : []),
      DISCOVERY_PAGE_SIZE + 1,
    ],
  );
  const { rows: page, next } = pageOf(rows, DISCOVERY_PAGE_SIZE, (r) => ({
    at: new Date(r.at).toISOString(),
    id: r.id,
  }));
  return { items: await resolve(em, viewer, page), next };
}

const idsOf = (rows: Row[], kinds: ActivityKind[], key: 'post_id' | 'target_id') => [
  ...new Set(rows.filter((r) => kinds.includes(r.kind)).flatMap((r) => (r[key] ? [r[key]] : []))),
];

/** The rows with what they name, as the viewer may see it; rows naming nothing visible are dropped. */
async function resolve(em: EntityManager, viewer: User, rows: Row[]) {
  const postIds = idsOf(rows, ['CLAP', 'RESPONSE', 'HIGHLIGHT'], 'post_id');
  const readable = postIds.length
    ? (await em.find(Post, { id: { $in: postIds }, ...READABLE_POST }, { fields: ['id'] })).map((p) => p.id)
    : [];
  const posts = new Map((await cardsInOrder(em, readable)).map((c) => [c.id, c]));
  const people = new Map(
    (await peopleInOrder(em, viewer.id, idsOf(rows, ['FOLLOW_USER'], 'target_id'))).map((p) => [p.id, p]),
  );
  const policy = await loadPolicyViewer(em, viewer);
  const publicationIds = idsOf(rows, ['FOLLOW_PUBLICATION'], 'target_id');
  const publications = new Map(
    (publicationIds.length
      ? await em.find(
          Collection,
          { id: { $in: publicationIds } },
          { fields: ['id', 'name', 'slug', 'visibility', 'avatarId'] },
        )
      : []
    )
      .filter((c) => can(policy, 'viewPublication', c))
      .map((c) => [c.id, { id: c.id, name: c.name, slug: c.slug, avatarId: c.avatarId ?? null }]),
  );
  const tagIds = idsOf(rows, ['FOLLOW_TOPIC'], 'target_id');
  const topics = new Map(
    (tagIds.length
      ? await em.find(Tag, { id: { $in: tagIds }, ...LISTED_TAG }, { fields: ['id', 'name', 'slug'] })
      : []
    ).map((t) => [t.id, { id: t.id, name: t.name, slug: t.slug }]),
  );
  return rows.flatMap((r): ActivityItem[] => {
    const base = { id: r.id, at: new Date(r.at).toISOString() };
    const post = r.post_id ? posts.get(r.post_id) : undefined;
    const target = r.target_id ?? '';
    switch (r.kind) {
      case 'CLAP':
        return post ? [{ ...base, kind: r.kind, post, claps: Number(r.detail) }] : [];
      case 'RESPONSE':
        return post ? [{ ...base, kind: r.kind, post }] : [];
      case 'HIGHLIGHT':
        return post ? [{ ...base, kind: r.kind, post, quote: r.detail ?? '' }] : [];
      case 'FOLLOW_USER': {
        const person = people.get(target);
        return person ? [{ ...base, kind: r.kind, person }] : [];
      }
      case 'FOLLOW_PUBLICATION': {
        const publication = publications.get(target);
        return publication ? [{ ...base, kind: r.kind, publication }] : [];
      }
    }
    const topic = topics.get(target);
    return topic ? [{ ...base, kind: 'FOLLOW_TOPIC', topic }] : [];
  });
}
