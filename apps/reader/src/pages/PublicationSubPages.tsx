import { profileMenuTexts, quireRoutes } from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArchiveNav } from '../components/ArchiveNav';
import { PeopleList } from '../components/PeopleList';
import { type ArchiveParams, discoveryQueries } from '../lib/discovery-queries';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { followers, StoryList, storyCount } from './ProfilePage';
import { PublicationLayout } from './PublicationPage';

const useQueries = () => discoveryQueries(useTRPC());

/** Spec §2 /{collectionSlug}/trending: the stories with the most claps and responses in the last 30 days. */
export function PublicationTrendingPage({ slug }: { slug: string }) {
  const stories = useInfiniteQuery(useQueries().publicationTrending(slug));
  return (
    <PublicationLayout slug={slug} tab="trending">
      {(publication) => (
        <StoryList
          pages={stories.data?.pages}
          hasNextPage={stories.hasNextPage}
          isFetchingNextPage={stories.isFetchingNextPage}
          fetchNextPage={stories.fetchNextPage}
          empty={`Nothing in ${publication.name} has drawn claps or responses in the last 30 days.`}
        />
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/about: 'About {publication}', its description, editors and followers. */
export function PublicationAboutPage({ slug }: { slug: string }) {
  const about = useQuery(useQueries().publicationAbout(slug));
  return (
    <PublicationLayout slug={slug} tab="about">
      {(publication) =>
        about.data ? (
          <section className="q-about" aria-label="About" data-testid="publication-about">
            <h2>{profileMenuTexts.about(publication.name)}</h2>
            {about.data.description ? <p className="q-about-bio">{about.data.description}</p> : null}
            <p>
              {`Since ${about.data.since} · ${followers(about.data.followerCount)} · ${storyCount(about.data.storyCount)}`}
            </p>
            <h3>Editors</h3>
            <PeopleList label="Editors" people={about.data.editors} empty="No editors yet." />
          </section>
        ) : null
      }
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/archive[/{year}[/{month}[/{day}]]]: stories by date, with the years and months. */
export function PublicationArchivePage({ slug, at }: { slug: string; at: ArchiveParams }) {
  const q = useQueries();
  const index = useQuery(q.publicationArchive(slug, at));
  const stories = useInfiniteQuery(q.publicationArchiveStories(slug, at));
  if (index.isError) return <NotFoundPage />;
  const href = (year?: number, month?: number) =>
    year === undefined
      ? quireRoutes.build('ShowByCollectionSlugArchive', { collectionSlug: slug })
      : month === undefined
        ? quireRoutes.build('ShowByCollectionSlugArchiveByYear', { collectionSlug: slug, year })
        : quireRoutes.build('ShowByCollectionSlugArchiveByYearByMonth', {
            collectionSlug: slug,
            year,
            month: String(month).padStart(2, '0'),
          });
  return (
    <PublicationLayout slug={slug} tab="archive">
      {(publication) => (
        <>
          {index.data ? (
            <ArchiveNav
              years={index.data.years}
              months={index.data.months}
              year={at.year ? Number(at.year) : null}
              month={at.month ? Number(at.month) : null}
              href={href}
            />
          ) : null}
          <StoryList
            pages={stories.data?.pages}
            hasNextPage={stories.hasNextPage}
            isFetchingNextPage={stories.isFetchingNextPage}
            fetchNextPage={stories.fetchNextPage}
            empty={`${publication.name} published no stories then.`}
          />
        </>
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/tagged/{tagSlug}: the publication's stories with a tag. */
export function PublicationTaggedPage({ slug, tagSlug }: { slug: string; tagSlug: string }) {
  const stories = useInfiniteQuery(useQueries().publicationTagged(slug, tagSlug));
  if (stories.isError) return <NotFoundPage />;
  const tag = stories.data?.pages[0]?.tag;
  return (
    <PublicationLayout slug={slug} tab={null}>
      {(publication) => (
        <>
          {tag ? (
            <h2 className="q-list-title">
              {'Tagged '}
              <a href={quireRoutes.build('ShowTagPosts', { tagSlug: tag.slug })}>{tag.name}</a>
            </h2>
          ) : null}
          <StoryList
            pages={stories.data?.pages}
            hasNextPage={stories.hasNextPage}
            isFetchingNextPage={stories.isFetchingNextPage}
            fetchNextPage={stories.fetchNextPage}
            empty={`${publication.name} has no stories tagged ${tag?.name ?? tagSlug} yet.`}
          />
        </>
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/followers: who follows the publication, each with a Follow button. */
export function PublicationFollowersPage({ slug }: { slug: string }) {
  const people = useInfiniteQuery(useQueries().publicationFollowers(slug));
  return (
    <PublicationLayout slug={slug} tab="followers">
      {(publication) => (
        <PeopleList
          label={`${publication.name} followers`}
          people={people.data?.pages.flatMap((p) => p.people) ?? []}
          empty={`No one follows ${publication.name} yet.`}
          next={people}
        />
      )}
    </PublicationLayout>
  );
}
