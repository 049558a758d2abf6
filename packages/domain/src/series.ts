/*
 * Series (spec §2 Series and sequences: /new-series, /s/{sequenceSlug}[/{postId}|/edit|/share/{channel}],
 * /series/{postId}[/edit], /me/series[/{filterBy}]; §3 Catalog type SERIES, Post.sequence; §9 series
 * notifications). A series is a writer's own stories in reading order; a draft is theirs alone until they
 * publish it. The limits and every word here are ours.
 */

export const SERIES_TITLE_MAX = 100;
export const SERIES_DESCRIPTION_MAX = 500;
/** The most stories one series holds. */
export const SERIES_STORIES_MAX = 100;

/** /me/series/{filterBy}: the writer's published series, or their drafts. */
export const SERIES_FILTERS = ['published', 'drafts'] as const;
export type SeriesFilter = (typeof SERIES_FILTERS)[number];

export const seriesTexts = {
  newSeries: 'New series',
  yourSeries: 'Your series',
  tabs: { published: 'Published', drafts: 'Drafts' } satisfies Record<SeriesFilter, string>,
  title: 'Title',
  titlePlaceholder: 'Name your series',
  description: 'Description',
  descriptionPlaceholder: 'What the series is about (optional)',
  create: 'Create series',
  save: 'Save',
  saved: 'Your series is saved.',
  titleRequired: 'Give your series a title.',
  titleTooLong: `A series title is at most ${SERIES_TITLE_MAX} characters.`,
  descriptionTooLong: `A series description is at most ${SERIES_DESCRIPTION_MAX} characters.`,
  full: `A series holds at most ${SERIES_STORIES_MAX} stories.`,
  inAnother: 'This story is already in another series.',
  notYours: 'Only your own published stories can go in your series.',
  notFound: 'This series does not exist.',
  onlyWriter: 'Only the writer of this series can change it.',
  edit: 'Edit series',
  publish: 'Publish series',
  unpublish: 'Unpublish',
  published: 'Your series is published. Your followers have been told.',
  unpublished: 'Your series is a draft again.',
  draft: 'Draft',
  deleteSeries: 'Delete series',
  deleteConfirm: 'Delete this series? Its stories stay published.',
  deleted: 'Series deleted.',
  stories: 'Stories in this series',
  addStory: 'Add a story',
  add: 'Add',
  chooseStory: 'Choose one of your stories',
  noCandidates: 'All your published stories are in a series already.',
  remove: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  empty: 'No stories in this series yet.',
  noSeries: 'No series yet.',
  by: (name: string) => `A series by ${name}`,
  storyCount: (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`,
  partOf: (position: number, count: number, name: string) => `Part ${position} of ${count} in ${name}`,
  nextInSeries: 'Next in series',
  previousInSeries: 'Previous in series',
  lastInSeries: 'This is the latest story in the series.',
  share: 'Share',
  seriesLink: 'The series’ link',
  draftNote: 'Only you see a draft series. Publish it to show it to readers and tell your followers.',
} as const;
