/*
 * Reader lists (spec §3 Catalog; §2 /me/lists, /@{username}/list/{catalogSlugId}, /me/lists/following). The
 * spec names the entity and its paths; the limits and every word here are ours.
 */

/** The longest list name. */
export const LIST_NAME_MAX = 60;
/** The longest list description. */
export const LIST_DESCRIPTION_MAX = 280;
/** The most stories one list holds (the reading list is not capped). */
export const LIST_ITEMS_MAX = 500;
/** The longest note on a list item. */
export const LIST_ITEM_NOTE_MAX = 280;
/** Lists offered in the Save choice (a reader with more finds the rest on /me/lists). */
export const SAVE_CHOICES_MAX = 100;
/** The most stories one 'which are saved' question names (a page of cards or two). */
export const SAVED_AMONG_MAX = 60;

export const listTexts = {
  newList: 'New list',
  createList: 'Create',
  cancel: 'Cancel',
  name: 'Name',
  namePlaceholder: 'Give it a name',
  description: 'Description',
  descriptionPlaceholder: 'Description (optional)',
  makePrivate: 'Make it private',
  privateHint: 'Only you can see a private list.',
  nameRequired: 'Give your list a name.',
  nameTooLong: `A list name is at most ${LIST_NAME_MAX} characters.`,
  descriptionTooLong: `A list description is at most ${LIST_DESCRIPTION_MAX} characters.`,
  noteTooLong: `A note is at most ${LIST_ITEM_NOTE_MAX} characters.`,
  full: `A list holds at most ${LIST_ITEMS_MAX} stories. Remove one to add another.`,
  itemNotFound: 'This story is not in the list.',
  created: (name: string) => `Created ${name}.`,
  savedTo: (name: string) => `Saved to ${name}.`,
  removedFrom: (name: string) => `Removed from ${name}.`,
  saveTo: 'Save to',
  edit: 'Edit list',
  save: 'Save',
  saved: 'Your list is saved.',
  deleteList: 'Delete list',
  deleteConfirm: 'Delete this list? The stories in it stay where they are.',
  deleted: 'List deleted.',
  addNote: 'Add a note',
  editNote: 'Edit note',
  notePlaceholder: 'Why this story belongs here',
  saveNote: 'Save note',
  moveUp: 'Move up',
  moveDown: 'Move down',
  removeItem: 'Remove from list',
  follow: 'Follow list',
  following: 'Following list',
  ownList: 'This is your own list.',
  followedLists: 'Lists you follow',
  followedListsEmpty: 'Lists you follow appear here.',
  followedTab: 'Following',
  yourListsTab: 'Your lists',
  by: (name: string) => `by ${name}`,
  empty: 'This list has no stories yet.',
  listsEmpty: 'No lists yet.',
  listLink: 'The list’s link',
  backToList: (name: string) => `Back to ${name}`,
  share: 'Share',
  viewOn: (product: string) => `View the list on ${product}`,
  collectionsTitle: 'Lists',
  collectionsLead: 'Lists readers made and others follow, most followed first.',
} as const;

/** Spec §2 list/{catalogSlugId}: '{slug}-{id}', or the id alone (the id ends it, as a story's does). */
export const catalogSlugId = (catalog: { id: string; slug: string }) =>
  catalog.slug ? `${catalog.slug}-${catalog.id}` : catalog.id;
