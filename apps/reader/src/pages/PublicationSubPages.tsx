import { navigationTexts, profileMenuTexts, quireRoutes } from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArchiveNav } from '../components/ArchiveNav';
import type { NextPage } from '../components/LoadMore';
import { PeopleList } from '../components/PeopleList';
import { StoryList } from '../components/StoryList';
import { type ArchiveParams, useDiscoveryQueries } from '../lib/discovery-queries';
import { NotFoundPage } from './NotFoundPage';
import { followers, ProfileHeader } from './ProfilePage';
import { PublicationLayout } from './PublicationPage';
import { storyCount } from './page-params';

/** Spec §2 /{collectionSlug}/trending: the stories with the most claps and responses in the last 30 days. */
export function PublicationTrendingPage({ slug }: { slug: string }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().publicationTrending(slug));
  return (
    <PublicationLayout slug={slug} tab="trending">
      {(publication) => (
        <StoryList
          pages={stories.data?.pages}
          next={stories}
          empty={`Nothing in ${publication.name} has drawn claps or responses in the last 30 days.`}
        />
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/about: 'About {publication}', its description, editors and followers. */
export function PublicationAboutPage({ slug }: { slug: string }) {
  const about = useQuery(useDiscoveryQueries().publicationAbout(slug));
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
  const q = useDiscoveryQueries();
  const index = useQuery(q.publicationArchive(slug, at));
  const stories = useInfiniteQuery(q.publicationArchiveStories(slug, at));
  if (index.isError) return <NotFoundPage />;
  return (
    <PublicationLayout slug={slug} tab="archive">
      {(publication) => (
        <>
          <ArchiveNav
            route="ShowByCollectionSlug"
            params={{ collectionSlug: slug }}
            index={index.data}
            at={at}
          />
          <StoryList
            pages={stories.data?.pages}
            next={stories}
            empty={`${publication.name} published no stories then.`}
          />
        </>
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/tagged/{tagSlug}: the publication's stories with a tag. */
export function PublicationTaggedPage({ slug, tagSlug }: { slug: string; tagSlug: string }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().publicationTagged(slug, tagSlug));
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
            next={stories}
            empty={`${publication.name} has no stories tagged ${tag?.name ?? tagSlug} yet.`}
          />
        </>
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/followers: who follows the publication, each with a Follow button. */
export function PublicationFollowersPage({ slug }: { slug: string }) {
  const people = useInfiniteQuery(useDiscoveryQueries().publicationFollowers(slug));
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

/**
 * Spec §2 /{collectionSlug}/@{username}: a writer within a publication, as Medium shows it: the publication's
 * header, the writer's photo, name, bio and Follow button, then their stories in the publication. A profile the
 * viewer may not see, or a writer with no story here, is the 404 page.
 */
export function PublicationWriterPage({ slug, username }: { slug: string; username: string }) {
  const q = useDiscoveryQueries();
  const writer = useQuery(q.publicationWriter(slug, username));
  const stories = useInfiniteQuery(q.publicationWriterStories(slug, username));
  if (writer.isError) return <NotFoundPage />;
  return (
    <PublicationLayout slug={slug} tab={null}>
      {(publication) =>
        writer.data ? (
          <div className="q-publication-writer" data-testid="publication-writer">
            <ProfileHeader user={writer.data} heading="h2" />
            <h2 className="q-list-title">{`${storyCount(writer.data.storyCount)} in ${publication.name}`}</h2>
            <StoryList
              pages={stories.data?.pages}
              next={stories}
              empty={`${writer.data.name} has no stories in ${publication.name} yet.`}
            />
          </div>
        ) : null
      }
    </PublicationLayout>
  );
}

/** No next page: a list shown whole (a feature page's curated stories, one numbered page). */
const WHOLE: NextPage = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };

/** Spec §2 /{collectionSlug}/{topicSlug}/home: a feature page, its description and the stories the editors chose. */
export function PublicationFeaturePage({ slug, topicSlug }: { slug: string; topicSlug: string }) {
  const page = useQuery(useDiscoveryQueries().publicationFeaturePage(slug, topicSlug));
  if (page.isError) return <NotFoundPage />;
  return (
    <PublicationLayout slug={slug} tab={null}>
      {() =>
        page.data ? (
          <section aria-label={page.data.title} data-testid="feature-page">
            <h2>{page.data.title}</h2>
            {page.data.description ? <p className="q-card-meta">{page.data.description}</p> : null}
            <StoryList
              pages={[{ posts: page.data.posts, next: null }]}
              next={WHOLE}
              empty={navigationTexts.featurePageEmpty}
            />
          </section>
        ) : null
      }
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/featured: the stories of the publication's feature pages. */
export function PublicationFeaturedPage({ slug }: { slug: string }) {
  const featured = useQuery(useDiscoveryQueries().publicationFeatured(slug));
  return (
    <PublicationLayout slug={slug} tab={null}>
      {() => (
        <section aria-label={navigationTexts.featuredTitle}>
          <h2>{navigationTexts.featuredTitle}</h2>
          <StoryList
            pages={featured.data ? [{ posts: featured.data.posts, next: null }] : undefined}
            next={WHOLE}
            empty={navigationTexts.featuredEmpty}
          />
        </section>
      )}
    </PublicationLayout>
  );
}

/** Spec §2 /{collectionSlug}/all[/{page}]: every story, newest first, in numbered pages with links between them. */
export function PublicationAllPage({ slug, page }: { slug: string; page: number }) {
  const all = useQuery(useDiscoveryQueries().publicationAll(slug, page));
  if (all.isError) return <NotFoundPage />;
  const at = (n: number) =>
    n === 1
      ? quireRoutes.build('ShowByCollectionSlugAll', { collectionSlug: slug })
      : quireRoutes.build('ShowByCollectionSlugAllByPage', { collectionSlug: slug, page: String(n) });
  return (
    <PublicationLayout slug={slug} tab={null}>
      {() => (
        <section aria-label={navigationTexts.allTitle} data-testid="all-stories">
          <h2>{navigationTexts.allTitle}</h2>
          <StoryList
            pages={all.data ? [{ posts: all.data.posts, next: null }] : undefined}
            next={WHOLE}
            empty={navigationTexts.allEmpty}
          />
          {all.data && all.data.pages > 1 ? (
            <nav className="q-pager" aria-label={navigationTexts.pageOf(all.data.page, all.data.pages)}>
              {all.data.page > 1 ? (
                <a href={at(all.data.page - 1)}>{navigationTexts.previousPage}</a>
              ) : (
                <span />
              )}
              <span>{navigationTexts.pageOf(all.data.page, all.data.pages)}</span>
              {all.data.page < all.data.pages ? (
                <a href={at(all.data.page + 1)}>{navigationTexts.nextPage}</a>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      )}
    </PublicationLayout>
  );
}
