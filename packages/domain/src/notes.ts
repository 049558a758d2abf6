/*
 * Private notes (spec §2 /p/{postId}/notes[/{noteId}], /p/notereplies/{replyId}; §3 Notification.note and
 * noteReply; the user's "publishing allow private notes"): a reader's note to the writer on a passage, and their
 * replies to each other. Nobody else ever sees them. The limits and every word here are ours.
 */

/** The longest note or reply. */
export const NOTE_MAX = 1000;

export const noteTexts = {
  privateNote: 'Private note',
  placeholder: 'Leave a note for the writer. Only they will see it.',
  send: 'Send',
  cancel: 'Cancel',
  sent: 'Your private note is sent to the writer.',
  notAllowed: 'This writer does not take private notes.',
  ownStory: 'You cannot leave a private note on your own story.',
  empty: 'Write something first.',
  tooLong: `A note is at most ${NOTE_MAX} characters.`,
  notFound: 'This note does not exist.',
  reply: 'Reply',
  replyPlaceholder: 'Write a reply',
  replied: 'Your reply is sent.',
  notesTitle: (title: string) => `Private notes on “${title}”`,
  noteTitle: (title: string) => `A private note on “${title}”`,
  noNotes: 'No private notes on this story yet.',
  onlyYou: 'Only you and the writer see a note and its replies.',
  from: (name: string) => `${name} wrote`,
  passageGone: 'The passage has since been edited.',
  openThread: 'Open',
  replies: (n: number) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
  settingLabel: 'Allow private notes on my stories',
  settingHint:
    'Readers can leave you a note on a passage of your stories; only you see it, and you can reply.',
} as const;
