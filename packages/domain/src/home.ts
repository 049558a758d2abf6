import { MODULE_TYPE_IDS, type ModuleType } from './constants';

/*
 * The home page's right column, the Read next section under a story and the related topics of a topic page
 * (spec §9 module-type ids). The spec
 * gives the ids only: the sizes and every word here are ours.
 */

/** Not from the spec: how many items each module shows. */
export const HOME_MODULE_SIZES = {
  /** FEATURED_STORIES: staff picks in the right column. */
  featuredStories: 3,
  /** RECOMMENDED_TOPICS: topic chips in the right column. */
  recommendedTopics: 7,
  /** TOP_WRITERS: who to follow in the right column (and the Following tab's empty state). */
  topWriters: 3,
  /** READ_NEXT_SIDEBAR and MOST_POPULAR_STORIES_IN_TOPIC: stories in each Read next group. */
  readNextPerGroup: 3,
  /** Writers the Following tab's empty state and a search with no results suggest. */
  suggestedWriters: 5,
  /** How many of a topic's newest stories its Read next group ranks by claps (and RELATED_TAGS counts over). */
  topicWindow: 200,
  /** RELATED_TAGS: topic chips on a topic or tag page. */
  relatedTags: 8,
} as const;

/** A module as the API answers it: its spec §9 type and numeric id. */
export interface HomeModuleType<T extends ModuleType = ModuleType> {
  moduleType: T;
  moduleTypeId: (typeof MODULE_TYPE_IDS)[T];
}

/** Spec §9: the type fields a module of type `type` carries. */
export function moduleTypeOf<T extends ModuleType>(type: T): HomeModuleType<T> {
  return { moduleType: type, moduleTypeId: MODULE_TYPE_IDS[type] };
}

/** The Read next groups under a story: more from its writer, its publication, its topic. */
export type ReadNextGroupKind = 'writer' | 'publication' | 'topic';

/** Texts of the home modules, Read next and the empty states that offer a next step. */
export const homeTexts = {
  featuredStories: 'Staff picks',
  recommendedTopics: 'Recommended topics',
  relatedTags: 'Related topics',
  seeMoreTopics: 'See more topics',
  topWriters: 'Who to follow',
  seeMoreSuggestions: 'See more suggestions',
  readNext: 'Read next',
  moreFromWriter: (name: string) => `More from ${name}`,
  moreFromPublication: (name: string) => `More from ${name}`,
  moreOnTopic: (name: string) => `More on ${name}`,
  followingEmptyTitle: 'Follow writers, publications and topics to see their stories here.',
  followingEmptyLead: 'A few writers to start with:',
  searchNoResults: (query: string) => `No results for “${query}”.`,
  searchTryTopics: 'Try a topic instead',
  searchTryWriters: 'Or find writers to follow',
} as const;
