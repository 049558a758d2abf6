/**
 * Quire's texts for edits to a published story, which wait as unpublished changes until the writer publishes
 * them (the spec names no wording for this; Medium and Ghost work the same way).
 */
export const storyRevisionTexts = {
  unpublishedChanges: 'You have unpublished changes. Readers see the published story until you publish them.',
  publishChanges: 'Publish changes',
  publishingChanges: 'Publishing…',
  discardChanges: 'Discard changes',
  discardingChanges: 'Discarding…',
  confirmDiscard: 'Discard your unpublished changes? The editor goes back to the published story.',
  changesDiscarded: 'Your unpublished changes were discarded.',
  noPendingChanges: 'This story has no unpublished changes.',
  storyChanged: 'This story changed since you opened it. Reload to publish the latest text.',
} as const;
