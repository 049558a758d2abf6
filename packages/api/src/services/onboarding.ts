import type { EntityManager } from '@mikro-orm/postgresql';
import { FollowTag, Tag, User } from '@quire/db';
import { LIVE_USER_SQL } from '@quire/search';
import { LISTED_STORY_SQL, LISTED_TAG } from '../policies';
import { DISCOVERY_PAGE_SIZE, peopleInOrder } from './discovery';
import { suggestable, suggestableParams, suggestedWriters } from './your-pages';

/* The steps after sign-up (spec §2 /get-started, /m/getting-started, /customize-topics, /welcome). */

/** How many topics the picker offers. */
const TOPIC_CHOICES = 30;

/** The topics to pick from: the most followed public topics, with the viewer's follow of each. */
export async function onboardingTopics(em: EntityManager, viewer: User) {
  const tags = await em.find(
    Tag,
    { isTopic: true, ...LISTED_TAG },
    { orderBy: { followerCount: 'desc', postCount: 'desc', name: 'asc' }, limit: TOPIC_CHOICES },
  );
  const followed = new Set(
    tags.length
      ? (
          await em.find(
            FollowTag,
            { follower: viewer.id, tag: { $in: tags.map((t) => t.id) } },
            { fields: ['tag'] },
          )
        ).map((f) => f.tag.id)
      : [],
  );
  return {
    topics: tags.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      followerCount: t.followerCount,
      viewerEdge: { isFollowing: followed.has(t.id) },
    })),
  };
}

/**
 * Writers to follow next: those with the most claps on listed stories in the topics the viewer follows, then
 * the general suggestions (people followed by people they follow, recent writers). Never the viewer, someone
 * they follow or muted, or a block either way.
 */
export async function onboardingWriters(em: EntityManager, viewer: User, limit = DISCOVERY_PAGE_SIZE) {
  const rows = await em.execute<{ id: string }[]>(
    `select p.creator_id as id
       from posts p
       join post_tags pt on pt.post_id = p.id
       join users u on u.id = p.creator_id
      where ${LISTED_STORY_SQL} and ${LIVE_USER_SQL}
        and pt.tag_id in (select tag_id from follow_tags where follower_id = ?)
        and ${suggestable('p.creator_id')}
      group by p.creator_id
      order by sum(p.clap_count) desc, count(*) desc, p.creator_id
      limit ?`,
    [viewer.id, ...suggestableParams(viewer), limit],
  );
  const byTopic = await peopleInOrder(
    em,
    viewer.id,
    rows.map((r) => r.id),
  );
  if (byTopic.length >= limit) return { people: byTopic };
  const seen = new Set(byTopic.map((p) => p.id));
  const more = (await suggestedWriters(em, viewer, limit)).people.filter((p) => !seen.has(p.id));
  return { people: [...byTopic, ...more].slice(0, limit) };
}

/** Ends onboarding (spec §3 ONBOARDED, or SKIPPED when the reader skipped it). */
export async function finishOnboarding(em: EntityManager, viewer: User, skipped: boolean) {
  const user = await em.findOneOrFail(User, viewer.id);
  // Skipping after finishing keeps it finished.
  if (!(skipped && user.onboardingStatus === 'ONBOARDED'))
    user.onboardingStatus = skipped ? 'SKIPPED' : 'ONBOARDED';
  await em.flush();
  return { onboardingStatus: user.onboardingStatus };
}
