/*
 * Deleting an account (spec §2 /m/goodbye, §3 PostResult AccountDeleted). The spec shows neither the
 * confirmation nor the grace period: both, and every word here, are ours.
 */

/** Days between closing an account and purging its personal data. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const accountDeletionTexts = {
  heading: 'Delete account',
  lead: 'Deleting your account removes your profile, stories, responses, lists and highlights from Quire. Your stories will say the account has been deleted.',
  membershipNote: 'A membership you pay for is cancelled: no further charge is made.',
  graceNote: (days: number) =>
    `Your account closes at once and you are signed out everywhere. Your personal data is erased ${days} days later.`,
  confirmLabel: 'To confirm, type your username',
  confirmMismatch: 'Type your username exactly as it is shown to confirm.',
  deleteButton: 'Delete account',
  deleting: 'Deleting…',
  goodbyeTitle: 'Your account has been deleted',
  goodbyeLead: 'Thank you for reading and writing with us. You have been signed out everywhere.',
  goodbyeBack: 'Back to the home page',
  emailSubject: (product: string) => `Your ${product} account has been deleted`,
  emailText: (product: string, purgeDate: string) =>
    `Your ${product} account has been deleted and you have been signed out everywhere. Your personal data will be erased on ${purgeDate}. If you did not ask for this, reply to this email before then.`,
} as const;
