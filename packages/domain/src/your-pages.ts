import type { CollectionRole } from './enums';

/*
 * The viewer's own pages (spec §2 Your pages: /me/following[/{entityName}], /me/following/topics,
 * /me/following/suggestions, /me/readinghistory, /me/publications; Settings: /me/settings/mute[/{activeTab}]).
 * The spec gives the paths only: the tabs and every word here are ours.
 */

export const FOLLOWING_TABS = ['writers', 'publications', 'topics', 'suggestions'] as const;
export type FollowingTab = (typeof FOLLOWING_TABS)[number];

export const MUTED_TABS = ['writers', 'publications'] as const;
export type MutedTab = (typeof MUTED_TABS)[number];

/** A tab a path segment names, or null for one that does not exist (the page answers 404). */
export function tabOf<T extends string>(
  tabs: readonly T[],
  segment: string | undefined,
  fallback: T,
): T | null {
  if (segment === undefined || segment === '') return fallback;
  return (tabs as readonly string[]).includes(segment) ? (segment as T) : null;
}

export const yourPagesTexts = {
  followingTitle: 'Following',
  followingTabs: {
    writers: 'Writers',
    publications: 'Publications',
    topics: 'Topics',
    suggestions: 'Suggestions',
  } satisfies Record<FollowingTab, string>,
  followingEmpty: {
    writers: 'You do not follow any writers yet. Suggestions has a few to start with.',
    publications: 'You do not follow any publications yet.',
    topics: 'You do not follow any topics yet.',
    suggestions: 'No suggestions right now. Follow a few writers and come back.',
  } satisfies Record<FollowingTab, string>,
  exploreTopics: 'Explore topics',
  suggestionsLead: 'Writers followed by people you follow, and writers who published lately.',

  mutedTitle: 'Muted',
  mutedLead: 'Stories from the writers and publications you mute stay out of your home and recommendations.',
  mutedTabs: { writers: 'Writers', publications: 'Publications' } satisfies Record<MutedTab, string>,
  mutedEmpty: {
    writers: 'You have not muted any writers.',
    publications: 'You have not muted any publications.',
  } satisfies Record<MutedTab, string>,
  unmute: 'Unmute',
  unmuted: 'Unmuted',

  historyTitle: 'Reading history',
  historyLead: 'The stories you opened while signed in, last opened first. Only you can see this list.',
  historyEmpty: 'Stories you read will show here.',
  removeFromHistory: 'Remove from history',
  clearHistory: 'Clear history',
  clearHistoryConfirm: 'Clear your whole reading history? This cannot be undone.',
  historyCleared: 'Your reading history is clear.',

  notificationsTitle: 'Notifications',

  activityTitle: 'Your activity',
  activityLead:
    'What you clapped for, responded to, highlighted and followed, newest first. Only you can see this.',
  activityEmpty: 'Nothing yet. Clap for a story, respond to one or follow a writer, and it shows here.',
  activity: {
    clapped: (claps: number) => (claps === 1 ? 'You clapped for' : `You clapped ${claps} times for`),
    responded: 'You responded to',
    highlighted: 'You highlighted a passage in',
    followed: 'You followed',
  },

  publicationsTitle: 'Your publications',
  publicationsEmpty: 'You are not part of a publication yet.',
  roles: { OWNER: 'Owner', EDITOR: 'Editor', WRITER: 'Writer' } satisfies Record<CollectionRole, string>,
} as const;
