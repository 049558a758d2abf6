import { accountTexts, formatShortDate, storyCardTexts } from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { discoveryTabTexts } from '../components/DiscoveryTabs';
import { ListCard } from '../components/ListCard';
import { PagedItems } from '../components/LoadMore';
import { PeopleList } from '../components/PeopleList';
import { PostCardItem } from '../components/PostCardItem';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { followers, ProfileLayout } from './ProfilePage';
import { storyCount } from './page-params';
import { SeriesCards } from './SeriesPages';
import { AboutBioEditor } from './settings/AboutBioEditor';

/** Spec §2 /@{username}/about: the bio, since when the writer is here (and a member), and their counts. */
export function ProfileAboutPage({ username }: { username: string }) {
  const about = useQuery(useDiscoveryQueries().profileAbout(username));
  return (
    <ProfileLayout username={username} tab="about">
      {(user) =>
        about.data ? (
          <section className="q-about" aria-label="About" data-testid="profile-about">
            <AboutBio bio={about.data.bio} isOwner={user.viewerEdge.isUser} />
            <p>{`Joined ${about.data.joined}`}</p>
            {about.data.memberSince ? <p>{about.data.memberSince}</p> : null}
            <p>
              {`${followers(about.data.followerCount)} · ${about.data.followingCount} following · ${storyCount(about.data.storyCount)}`}
            </p>
          </section>
        ) : null
      }
    </ProfileLayout>
  );
}

/** The bio; its owner edits it in place (Edit, then Save or Cancel). */
function AboutBio({ bio, isOwner }: { bio: string; isOwner: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <AboutBioEditor bio={bio} onDone={() => setEditing(false)} />;
  return (
    <>
      {bio ? <p className="q-about-bio">{bio}</p> : null}
      {isOwner ? (
        <p>
          {bio ? null : <span className="q-about-empty">{accountTexts.aboutEmpty} </span>}
          <button type="button" className="q-link-button" onClick={() => setEditing(true)}>
            {accountTexts.aboutEdit}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** Spec §2 /@{username}/followers and /@{username}/following: the people, each with a Follow button. */
export function ProfilePeoplePage({
  username,
  which,
}: {
  username: string;
  which: 'followers' | 'following';
}) {
  const q = useDiscoveryQueries();
  const people = useInfiniteQuery(
    which === 'followers' ? q.profileFollowers(username) : q.profileFollowing(username),
  );
  return (
    <ProfileLayout username={username} tab={which}>
      {(user) => (
        <PeopleList
          label={which === 'followers' ? `${user.name}’s followers` : `Followed by ${user.name}`}
          people={people.data?.pages.flatMap((p) => p.people) ?? []}
          empty={
            which === 'followers' ? `No one follows ${user.name} yet.` : `${user.name} follows no one yet.`
          }
          next={people}
        />
      )}
    </ProfileLayout>
  );
}

/** Spec §2 /@{username}/responses: the writer's published responses, each linking to the story it answers. */
export function ProfileResponsesPage({ username }: { username: string }) {
  const responses = useInfiniteQuery(useDiscoveryQueries().profileResponses(username));
  const items = responses.data?.pages.flatMap((p) => p.responses) ?? [];
  return (
    <ProfileLayout username={username} tab="responses">
      {(user) => (
        <section aria-label="Responses" data-testid="feed">
          <PagedItems
            items={items}
            empty={`${user.name} has not responded to any stories yet.`}
            next={responses}
          >
            {(response) => (
              <article key={response.id} className="q-card q-response-card">
                <p className="q-card-byline">
                  {'In response to '}
                  <a href={response.inResponseTo.mediumUrl}>{response.inResponseTo.title || 'a story'}</a>
                </p>
                <a className="q-card-link" href={response.mediumUrl}>
                  {response.title ? <h2 className="q-story-card-title">{response.title}</h2> : null}
                  {response.preview ? <p className="q-story-card-subtitle">{response.preview}</p> : null}
                </a>
                <p className="q-card-meta">
                  {response.latestPublishedAt ? formatShortDate(response.latestPublishedAt) : ''} ·{' '}
                  {storyCardTexts.claps(response.clapCount)}
                </p>
              </article>
            )}
          </PagedItems>
        </section>
      )}
    </ProfileLayout>
  );
}

/** Spec §2 /@{username}/has-recommended: the stories the writer clapped for, most recent clap first. */
export function ProfileRecommendedPage({ username }: { username: string }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().profileRecommended(username));
  return (
    <ProfileLayout username={username} tab="hasRecommended">
      {(user) => (
        <StoryList
          pages={stories.data?.pages}
          next={stories}
          empty={`${user.name} has not recommended any stories yet.`}
        />
      )}
    </ProfileLayout>
  );
}

/** Spec §2 /@{username}/highlights: the writer's highlights, each with the story it is from. */
export function ProfileHighlightsPage({ username }: { username: string }) {
  const highlights = useInfiniteQuery(useDiscoveryQueries().profileHighlights(username));
  const items = highlights.data?.pages.flatMap((p) => p.highlights) ?? [];
  return (
    <ProfileLayout username={username} tab="highlights">
      {(user) => (
        <section aria-label="Highlights" data-testid="feed">
          <PagedItems
            items={items}
            empty={`${user.name} has not highlighted anything yet.`}
            next={highlights}
          >
            {(highlight) => (
              <div key={highlight.id} className="q-highlight-card">
                {highlight.quote ? (
                  <blockquote className="q-highlight-quote">{highlight.quote}</blockquote>
                ) : (
                  <p className="q-empty">A highlight in a members-only story.</p>
                )}
                <PostCardItem post={highlight.post} />
              </div>
            )}
          </PagedItems>
        </section>
      )}
    </ProfileLayout>
  );
}

/** Spec §2 /@{username}/lists: the writer's public lists with how many stories each holds. */
export function ProfileListsPage({ username }: { username: string }) {
  const lists = useInfiniteQuery(useDiscoveryQueries().profileLists(username));
  const items = lists.data?.pages.flatMap((p) => p.lists) ?? [];
  return (
    <ProfileLayout username={username} tab="lists">
      {(user) => (
        <section aria-label="Lists" data-testid="lists">
          <PagedItems
            items={items}
            empty={`${user.name} has no public lists yet.`}
            listClass="q-lists"
            next={lists}
          >
            {(list) => <ListCard key={list.id} list={list} />}
          </PagedItems>
        </section>
      )}
    </ProfileLayout>
  );
}

/** Spec §2 /@{username}/series: the writer's published series (their drafts too, for the writer). */
export function ProfileSeriesPage({ username }: { username: string }) {
  const series = useQuery(useDiscoveryQueries().profileSeries(username));
  return (
    <ProfileLayout username={username} tab="series">
      {(user) => (
        <section aria-label={discoveryTabTexts.series} data-testid="profile-series">
          {series.data ? (
            <SeriesCards series={series.data.series} empty={`${user.name} has no series yet.`} />
          ) : null}
        </section>
      )}
    </ProfileLayout>
  );
}
