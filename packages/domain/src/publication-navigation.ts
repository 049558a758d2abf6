import type { NavItemType } from './enums';
import { quireRoutes } from './routes';

/*
 * A publication's navigation and feature pages (spec §2 /{collectionSlug}/settings/navigation,
 * /settings/feature-pages[/new|/{topicSlug}/edit], /{topicSlug}/home, /featured, /all[/{page}]; §3 nav item
 * types). The spec names the paths and the item types; the limits and every word here are ours.
 */

export const NAVIGATION_LIMITS = {
  /** Tabs in a publication's navigation bar. */
  itemsMax: 8,
  itemTitleMax: 40,
  urlMax: 500,
  featurePagesMax: 20,
  featurePageTitleMax: 100,
  featurePageDescriptionMax: 300,
  /** Stories one feature page curates. */
  featurePageStoriesMax: 25,
  /** Stories per page of /{collectionSlug}/all/{page}. */
  allPageSize: 20,
} as const;

/** The item types the navigation form offers (a single story is linked with EXTERNAL_LINK to its address). */
export const NAV_FORM_TYPES = [
  'TAG',
  'TOPIC_PAGE',
  'ABOUT',
  'ARCHIVE',
  'EXTERNAL_LINK',
] as const satisfies readonly NavItemType[];

export const navigationTexts = {
  navigationTitle: 'Navigation',
  /** The tabs' landmark on the publication's pages. */
  sectionsLabel: (publication: string) => `${publication} sections`,
  navigationIntro: `Up to ${NAVIGATION_LIMITS.itemsMax} tabs under the publication’s header: a topic, a feature page, the about page, the archive or a link.`,
  itemTypes: {
    TAG: 'Topic',
    TOPIC_PAGE: 'Feature page',
    ABOUT: 'About',
    ARCHIVE: 'Archive',
    EXTERNAL_LINK: 'Link',
    POST: 'Story',
  } satisfies Record<NavItemType, string>,
  itemTitle: 'Title',
  itemTarget: 'Goes to',
  itemTag: 'Topic (as in the address: writing, night-life)',
  itemUrl: 'Address (https://…)',
  itemPage: 'Feature page',
  addItem: 'Add a tab',
  removeItem: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  save: 'Save navigation',
  saved: 'Your navigation is saved.',
  tooManyItems: `A publication has at most ${NAVIGATION_LIMITS.itemsMax} tabs.`,
  titleRequired: 'Give the tab a title.',
  titleTooLong: `A tab title is at most ${NAVIGATION_LIMITS.itemTitleMax} characters.`,
  badUrl: 'Use an address starting with https:// or http://.',
  noSuchPage: 'That feature page does not exist.',
  noSuchStory: 'That story is not published in this publication.',
  tagMalformed: 'A topic is lower-case letters and digits in words joined by dashes.',
  // Feature pages
  featurePagesTitle: 'Feature pages',
  featurePagesIntro:
    'A feature page gathers stories you choose under one topic, at its own address. Link it from the navigation.',
  newFeaturePage: 'New feature page',
  editFeaturePage: 'Edit feature page',
  noFeaturePages: 'No feature pages yet.',
  pageTitle: 'Title',
  pageSlug: 'Address',
  pageDescription: 'Description',
  pageStories: 'Stories, in the order readers see them',
  pageStoriesHint: `Up to ${NAVIGATION_LIMITS.featurePageStoriesMax} of the publication’s stories.`,
  noStoriesToChoose: 'The publication has no published stories yet.',
  savePage: 'Save feature page',
  pageSaved: 'Your feature page is saved.',
  deletePage: 'Delete feature page',
  deletePageConfirm: 'Delete this feature page? Its stories stay published.',
  pageDeleted: 'Feature page deleted.',
  pageTitleRequired: 'Give the feature page a title.',
  pageTitleTooLong: `A feature page title is at most ${NAVIGATION_LIMITS.featurePageTitleMax} characters.`,
  pageDescriptionTooLong: `A description is at most ${NAVIGATION_LIMITS.featurePageDescriptionMax} characters.`,
  pageSlugTaken: 'The publication has a feature page at that address already.',
  pageSlugMalformed: 'Use lower-case letters, digits and single dashes between words.',
  tooManyPages: `A publication has at most ${NAVIGATION_LIMITS.featurePagesMax} feature pages.`,
  tooManyStories: `A feature page holds at most ${NAVIGATION_LIMITS.featurePageStoriesMax} stories.`,
  featurePageNotFound: 'This feature page does not exist.',
  storyCount: (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`,
  // Public pages
  featuredTitle: 'Featured',
  featuredEmpty: 'The editors have not featured any stories yet.',
  featurePageEmpty: 'No stories on this page yet.',
  allTitle: 'All stories',
  allEmpty: 'No stories here yet.',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previousPage: 'Newer stories',
  nextPage: 'Older stories',
} as const;

/** A navigation tab as stored (spec §3 nav item): its type and the target its type reads. */
export interface NavItem {
  type: NavItemType;
  title: string;
  url?: string | undefined;
  tagSlug?: string | undefined;
  postId?: string | undefined;
}

/** Where a tab of a publication's navigation leads, and whether that is another site. */
export function navItemLink(
  item: NavItem,
  collectionSlug: string,
): { title: string; href: string; external: boolean } {
  const at = (name: string, params: Record<string, string> = {}) =>
    quireRoutes.build(name, { collectionSlug, ...params });
  const href =
    item.type === 'TAG'
      ? at('ShowCollectionTagged', { tagSlug: item.tagSlug ?? '' })
      : item.type === 'TOPIC_PAGE'
        ? at('ShowByCollectionSlugByTopicSlugHome', { topicSlug: item.tagSlug ?? '' })
        : item.type === 'ABOUT'
          ? at('ShowCollectionMasthead')
          : item.type === 'ARCHIVE'
            ? at('ShowByCollectionSlugArchive')
            : item.type === 'POST'
              ? quireRoutes.build('ShowPost', { postId: item.postId ?? '' })
              : (item.url ?? '/');
  return { title: item.title, href, external: item.type === 'EXTERNAL_LINK' };
}
