/*
 * A publication's stories as its owner and editors manage them (spec §2 /{collectionSlug}/submissions,
 * /{collectionSlug}/stories[/{filterBy}], /{collectionSlug}/stories/submissions; §4 draft labels; §9 the
 * collection submission notifications). The spec names the paths; the tabs, the limits and every word here are
 * ours.
 */

/** /{collectionSlug}/stories/{filterBy}: the tabs of a publication's stories. */
export const PUBLICATION_STORY_FILTERS = ['published', 'drafts', 'scheduled', 'submissions'] as const;
export type PublicationStoryFilter = (typeof PUBLICATION_STORY_FILTERS)[number];

/** The longest note an editor may leave a writer when declining a submission or asking for changes. */
export const SUBMISSION_NOTE_MAX = 1000;

/** Stories per page of a publication's stories tab. */
export const PUBLICATION_STORIES_PAGE_SIZE = 20;

export const publicationStoriesTexts = {
  title: 'Stories',
  submissionsTitle: 'Submissions',
  tabs: {
    published: 'Published',
    drafts: 'Drafts',
    scheduled: 'Scheduled',
    submissions: 'Submissions',
  } satisfies Record<PublicationStoryFilter, string>,
  empty: {
    published: 'No stories are published in this publication yet.',
    drafts: 'No drafts in this publication.',
    scheduled: 'No stories are scheduled.',
    submissions: 'No submissions are waiting for review.',
  } satisfies Record<PublicationStoryFilter, string>,
  invalidFilter: 'Choose published, drafts, scheduled or submissions.',
  untitled: 'Untitled story',
  submittedBy: (name: string) => `Submitted by ${name}`,
  by: (name: string) => `By ${name}`,
  submittedOn: (date: string) => `Submitted ${date}`,
  publishedOn: (date: string) => `Published ${date}`,
  preview: 'Preview',
  edit: 'Edit',
  approve: 'Publish',
  decline: 'Decline',
  requestChanges: 'Request changes',
  cancel: 'Cancel',
  noteLabel: 'Note to the writer',
  noteOptionalLabel: 'Note to the writer (optional)',
  notePlaceholder: 'What the writer should know',
  /** Above the note on the writer's side. */
  editorsNote: 'Note from the editors',
  declineConfirm: 'Decline this submission? The writer keeps the story as a draft of their own.',
  approved: (publication: string) => `Story published in ${publication}.`,
  declined: 'Submission declined.',
  changesRequested: 'Changes requested.',
  notASubmission: 'This story is not a submission waiting for review.',
  noteRequired: 'Tell the writer what to change.',
  noteTooLong: `A note is at most ${SUBMISSION_NOTE_MAX} characters.`,
  loadMore: 'Show more',
} as const;
