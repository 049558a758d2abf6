/*
 * Spec §2 `/p/{postId}/info[/{order}/{filter}]` names the path only. Quire makes it the story's details page:
 * its facts (published, updated, reading time, words, members-only, license) and one list of what readers did
 * with it, chosen by `filter` and sorted by `order`.
 */

/** The lists the details page shows: responses (the default), who clapped, and the highlighted passages. */
export const STORY_INFO_FILTERS = ['responses', 'claps', 'highlights'] as const;
export type StoryInfoFilter = (typeof STORY_INFO_FILTERS)[number];

/** Most claps / readers / relevance first (the default), or newest first. */
export const STORY_INFO_ORDERS = ['top', 'newest'] as const;
export type StoryInfoOrder = (typeof STORY_INFO_ORDERS)[number];

/** The order and filter two path segments name (absent: the defaults), or null when either is unknown. */
export function storyInfoView(
  order: string | undefined,
  filter: string | undefined,
): { order: StoryInfoOrder; filter: StoryInfoFilter } | null {
  const o = order === undefined ? 'top' : STORY_INFO_ORDERS.find((x) => x === order);
  const f = filter === undefined ? 'responses' : STORY_INFO_FILTERS.find((x) => x === filter);
  return o && f ? { order: o, filter: f } : null;
}

/** The details page's path for a view (the defaults have the short path). */
export function storyInfoPath(postId: string, order: StoryInfoOrder, filter: StoryInfoFilter): string {
  return order === 'top' && filter === 'responses'
    ? `/p/${postId}/info`
    : `/p/${postId}/info/${order}/${filter}`;
}

/** Not from the spec: the details page's words. */
export const storyInfoTexts = {
  pageTitle: (title: string) => `About “${title}”`,
  facts: 'Story details',
  published: 'Published',
  updated: 'Last updated',
  readingTime: 'Reading time',
  words: 'Words',
  access: 'Access',
  everyone: 'Free for everyone',
  license: 'License',
  publication: 'Publication',
  activity: 'Reader activity',
  filters: { responses: 'Responses', claps: 'Claps', highlights: 'Highlights' } satisfies Record<
    StoryInfoFilter,
    string
  >,
  orders: { top: 'Top', newest: 'Newest' } satisfies Record<StoryInfoOrder, string>,
  sortBy: 'Sort by',
  highlightCount: (n: number) => `${n} ${n === 1 ? 'highlight' : 'highlights'}`,
} as const;
