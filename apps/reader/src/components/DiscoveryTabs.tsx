import { quireRoutes } from '@quire/domain';

/** Not from the spec (it gives the paths only): the tab labels of profile, publication and tag pages. */
export const discoveryTabTexts = {
  latest: 'Latest',
  about: 'About',
  followers: 'Followers',
  following: 'Following',
  responses: 'Responses',
  hasRecommended: 'Recommended',
  highlights: 'Highlights',
  lists: 'Lists',
  series: 'Series',
  trending: 'Trending',
  archive: 'Archive',
  top: 'Top',
  topWriters: 'Top writers',
} as const;

interface Tab<K extends string> {
  key: K;
  label: string;
  href: string;
}

export function Tabs<K extends string>({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: Tab<K>[];
  current: K | null;
}) {
  return (
    <nav className="q-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <a key={tab.key} href={tab.href} aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

export type ProfileTab =
  | 'latest'
  | 'about'
  | 'followers'
  | 'following'
  | 'responses'
  | 'hasRecommended'
  | 'highlights'
  | 'lists'
  | 'series';

/** Spec §2 /@{username} sub-paths, by the route table's names. */
const PROFILE_TABS: [ProfileTab, string][] = [
  ['latest', 'ShowUser'],
  ['about', 'ShowUserAbout'],
  ['responses', 'ShowUserResponses'],
  ['hasRecommended', 'ShowUserHasRecommended'],
  ['highlights', 'ShowUserHighlights'],
  ['lists', 'ShowUserLists'],
  ['series', 'ShowUserSeries'],
  ['followers', 'ShowUserFollowers'],
  ['following', 'ShowUserFollowing'],
];

export function ProfileTabs({ username, current }: { username: string; current: ProfileTab }) {
  const tabs = PROFILE_TABS.map(([key, name]) => ({
    key,
    label: discoveryTabTexts[key],
    href: quireRoutes.build(name, { username }),
  }));
  return <Tabs label="Profile" tabs={tabs} current={current} />;
}

export type PublicationTab = 'latest' | 'trending' | 'archive' | 'about' | 'followers';

/** Spec §2 /{collectionSlug} sub-paths, by the route table's names. */
const PUBLICATION_TABS: [PublicationTab, string][] = [
  ['latest', 'ShowCollectionHome'],
  ['trending', 'ShowByCollectionSlugTrending'],
  ['archive', 'ShowByCollectionSlugArchive'],
  ['about', 'ShowCollectionMasthead'],
  ['followers', 'ShowByCollectionSlugFollowers'],
];

export function PublicationTabs({ slug, current }: { slug: string; current: PublicationTab | null }) {
  const tabs = PUBLICATION_TABS.map(([key, name]) => ({
    key,
    label: discoveryTabTexts[key],
    href: quireRoutes.build(name, { collectionSlug: slug }),
  }));
  return <Tabs label="Publication" tabs={tabs} current={current} />;
}

export type TagTab = 'latest' | 'top' | 'topWriters' | 'archive';

/** The period the Top tab opens on. */
export const DEFAULT_TOP_PERIOD = 'week';

/** Spec §2 /tag/{tagSlug} sub-paths, by the route table's names. */
export function TagTabs({ tagSlug, current }: { tagSlug: string; current: TagTab }) {
  const tabs: Tab<TagTab>[] = [
    { key: 'latest', label: discoveryTabTexts.latest, href: quireRoutes.build('ShowTagPosts', { tagSlug }) },
    {
      key: 'top',
      label: discoveryTabTexts.top,
      href: quireRoutes.build('ShowTagByTagSlugTopByTimePeriod', { tagSlug, timePeriod: DEFAULT_TOP_PERIOD }),
    },
    {
      key: 'topWriters',
      label: discoveryTabTexts.topWriters,
      href: quireRoutes.build('ShowTagByTagSlugTopWriters', { tagSlug }),
    },
    {
      key: 'archive',
      label: discoveryTabTexts.archive,
      href: quireRoutes.build('ShowTagByTagSlugArchive', { tagSlug }),
    },
  ];
  return <Tabs label="Topic" tabs={tabs} current={current} />;
}
