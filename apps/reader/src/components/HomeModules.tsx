import type { RouterOutputs } from '@quire/api';
import { formatShortDate, homeTexts, quireRoutes, storyCardTexts } from '@quire/domain';
import { Avatar, MemberStar } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import { type Person, PersonRow } from './PeopleList';
import { PreloadLink } from './PreloadLink';

type HomeModules = RouterOutputs['discovery']['homeModules'];
type Topic = HomeModules['recommendedTopics']['topics'][number];
type RelatedTags = RouterOutputs['topics']['related'];
type PickCard = HomeModules['featuredStories']['posts'][number];

/** The module's spec §9 type on its element, for telemetry (rankedModuleType) and tests. */
const moduleAttrs = (module: { moduleType: string; moduleTypeId: number }) => ({
  'data-module-type': module.moduleType,
  'data-module-type-id': module.moduleTypeId,
});

/** The home modules, the same query on the home page, the Following tab's and search's empty states. */
export function useHomeModules() {
  const trpc = useTRPC();
  return useQuery(trpc.discovery.homeModules.queryOptions(undefined, { staleTime: 60_000 }));
}

/** One staff pick: the writer (and publication), the title, the date and the members-only star. */
function StaffPick({ post }: { post: PickCard }) {
  // Preloading a members-only story would spend the reader's free stories: only opening it may.
  const preload = post.isLocked ? 'none' : 'hover';
  return (
    <li className="q-pick">
      <div className="q-pick-byline">
        <a
          className="q-pick-person"
          href={quireRoutes.build('ShowUser', { username: post.creator.username })}
        >
          <Avatar name={post.creator.name} imageId={post.creator.imageId} size="XXXS" lazy />
          <span className="q-pick-name">{post.creator.name}</span>
        </a>
        {post.collection ? (
          <>
            <span>{storyCardTexts.inPublication}</span>
            <a
              className="q-pick-name"
              href={quireRoutes.build('ShowCollectionHome', { collectionSlug: post.collection.slug })}
            >
              {post.collection.name}
            </a>
          </>
        ) : null}
      </div>
      <PreloadLink className="q-pick-title" href={post.mediumUrl} preload={preload}>
        <h3>{post.title}</h3>
      </PreloadLink>
      <div className="q-pick-meta">
        {post.isLocked ? <MemberStar label={storyCardTexts.memberOnly} /> : null}
        {post.latestPublishedAt ? <span>{formatShortDate(post.latestPublishedAt)}</span> : null}
      </div>
    </li>
  );
}

/** Topic chips linking to each topic's page. */
export function TopicChips({ topics }: { topics: Topic[] }) {
  return (
    <ul className="q-topics q-module-topics">
      {topics.map((topic) => (
        <li key={topic.id}>
          <a href={quireRoutes.build('ShowTagPosts', { tagSlug: topic.slug })}>{topic.name}</a>
        </li>
      ))}
    </ul>
  );
}

/** Spec §9 RELATED_TAGS on a topic or tag page: the topics that most often tag the same stories (none: nothing). */
export function RelatedTopics({ related }: { related: RelatedTags | undefined }) {
  if (!related?.topics.length) return null;
  return (
    <section className="q-related-topics" aria-labelledby="q-related-topics" {...moduleAttrs(related)}>
      <h2 id="q-related-topics">{homeTexts.relatedTags}</h2>
      <TopicChips topics={related.topics} />
    </section>
  );
}

/** Writers with their Follow buttons. */
export function WriterSuggestions({ people }: { people: Person[] }) {
  return (
    <ul className="q-people q-module-people">
      {people.map((person) => (
        <PersonRow key={person.id} person={person} />
      ))}
    </ul>
  );
}

/**
 * The home page's right column (wide screens only): staff picks, recommended topics and who to follow, each a
 * spec §9 module type. Modules with nothing to show are left out.
 */
export function HomeAside({ signedIn }: { signedIn: boolean }) {
  const { data } = useHomeModules();
  if (!data) return null;
  const { featuredStories, recommendedTopics, topWriters } = data;
  return (
    <aside className="q-home-aside" aria-label="Discover more" data-testid="home-modules">
      {featuredStories.posts.length ? (
        <section className="q-module" aria-labelledby="q-module-picks" {...moduleAttrs(featuredStories)}>
          <h2 id="q-module-picks">{homeTexts.featuredStories}</h2>
          <ul className="q-picks">
            {featuredStories.posts.map((post) => (
              <StaffPick key={post.id} post={post} />
            ))}
          </ul>
        </section>
      ) : null}
      {recommendedTopics.topics.length ? (
        <section className="q-module" aria-labelledby="q-module-topics" {...moduleAttrs(recommendedTopics)}>
          <h2 id="q-module-topics">{homeTexts.recommendedTopics}</h2>
          <TopicChips topics={recommendedTopics.topics} />
          <a className="q-module-more" href="/topics">
            {homeTexts.seeMoreTopics}
          </a>
        </section>
      ) : null}
      {topWriters.people.length ? (
        <section className="q-module" aria-labelledby="q-module-writers" {...moduleAttrs(topWriters)}>
          <h2 id="q-module-writers">{homeTexts.topWriters}</h2>
          <WriterSuggestions people={topWriters.people} />
          {signedIn ? (
            <a className="q-module-more" href="/me/following/suggestions">
              {homeTexts.seeMoreSuggestions}
            </a>
          ) : null}
        </section>
      ) : null}
    </aside>
  );
}
