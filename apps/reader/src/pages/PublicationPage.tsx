import type { RouterOutputs } from '@quire/api';
import {
  publicationDesignTexts as designTexts,
  navigationTexts,
  pageFeeds,
  publicationAdminTexts,
} from '@quire/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type PublicationTab, PublicationTabs } from '../components/DiscoveryTabs';
import { PublicationMenu } from '../components/EntityMenu';
import { FeedLink } from '../components/FeedLink';
import { FollowButton } from '../components/FollowButton';
import { PostCardItem } from '../components/PostCardItem';
import { PublicationDesigned, PublicationHeader } from '../components/PublicationHeader';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { EntityColumn } from './EntityColumn';
import { followers } from './ProfilePage';

type PublicationHome = RouterOutputs['publications']['home'];

/** The publication's home query (header, viewer edge and latest stories), shared by all its pages. */
const usePublicationHome = (slug: string) => useInfiniteQuery(useDiscoveryQueries().publicationHome(slug));

/**
 * A /{collectionSlug} page (on the main host or the publication's own domain): the page inside the
 * publication's design, its header as the design draws it (logo or name, tagline, follow button, menu,
 * followers), its tabs and the page's own content. A slug no publication has is the 404 page.
 */
export function PublicationLayout({
  slug,
  tab,
  children,
}: {
  slug: string;
  tab: PublicationTab | null;
  children: (publication: PublicationHome) => ReactNode;
}) {
  const home = usePublicationHome(slug);
  return (
    <EntityColumn isError={home.isError} entity={home.data?.pages[0]} testId="publication">
      {(publication) => (
        <PublicationDesigned design={publication.design} testId="publication-design">
          <PublicationHeader
            publication={publication}
            actions={
              <>
                <FollowButton
                  target={{ kind: 'collection', id: publication.id, name: publication.name }}
                  isFollowing={publication.viewerEdge.isFollowing}
                  followSource="publication"
                />
                <PublicationMenu publication={publication} />
              </>
            }
            meta={
              <p className="q-profile-counts">
                <span data-testid="follower-count">{followers(publication.followerCount)}</span> ·{' '}
                <FeedLink feed={pageFeeds.publication(publication)} />
              </p>
            }
          />
          <PublicationTabs slug={publication.slug} current={tab} />
          {publication.navigation.length ? (
            <nav
              className="q-publication-nav"
              aria-label={navigationTexts.sectionsLabel(publication.name)}
              data-testid="publication-nav"
            >
              {publication.navigation.map((link) => (
                <a
                  key={`${link.title} ${link.href}`}
                  href={link.href}
                  {...(link.external ? { rel: 'noopener' } : {})}
                >
                  {link.title}
                </a>
              ))}
            </nav>
          ) : null}
          {publication.isArchived ? (
            <p className="q-settings-notice" role="status" data-testid="publication-archived">
              {publicationAdminTexts.archivedNotice}
            </p>
          ) : null}
          {children(publication)}
        </PublicationDesigned>
      )}
    </EntityColumn>
  );
}

/**
 * Spec §2 /{collectionSlug} and /{collectionSlug}/latest: the publication's latest stories, laid out as its design
 * says: one stream, a grid of cards, or its featured stories and tab sections above the stream.
 */
export function PublicationPage({ slug }: { slug: string }) {
  const home = usePublicationHome(slug);
  return (
    <PublicationLayout slug={slug} tab="latest">
      {(publication) => (
        <>
          {publication.sections ? <HomeSections {...publication.sections} /> : null}
          {publication.sections ? (
            <h2 className="q-home-section-title">{designTexts.latestSection}</h2>
          ) : null}
          <StoryList
            pages={home.data?.pages.map((page) => page.stories)}
            next={home}
            empty={`${publication.name} has not published any stories yet.`}
            grid={publication.layout === 'GRID'}
          />
        </>
      )}
    </PublicationLayout>
  );
}

type Sections = NonNullable<PublicationHome['sections']>;

/** The SECTIONS homepage's top: featured stories, then each tab's newest stories with a link to the rest. */
function HomeSections({ featured, sections }: Sections) {
  return (
    <div data-testid="home-sections">
      {featured.length ? (
        <section aria-labelledby="home-featured" className="q-home-section">
          <h2 id="home-featured" className="q-home-section-title">
            {designTexts.featuredSection}
          </h2>
          <CardGrid posts={featured} eager />
        </section>
      ) : null}
      {sections.map((section, index) => (
        <section key={section.href} aria-labelledby={`home-section-${index}`} className="q-home-section">
          <h2 id={`home-section-${index}`} className="q-home-section-title">
            <a href={section.href}>{section.title}</a>
          </h2>
          <CardGrid posts={section.posts} />
          <a className="q-home-section-more" href={section.href}>
            {designTexts.seeAll(section.title)}
          </a>
        </section>
      ))}
    </div>
  );
}

function CardGrid({ posts, eager = false }: { posts: Sections['featured']; eager?: boolean }) {
  return (
    <div className="q-story-grid">
      {posts.map((post) => (
        <PostCardItem key={post.id} post={post} eager={eager} />
      ))}
    </div>
  );
}
