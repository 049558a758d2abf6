/** Texts of the newsletter rules (spec §8 toast styles SUBSCRIBE_SELF; the refusals are ours). */
export const newsletterAccessTexts = {
  notFound: 'This newsletter does not exist.',
  /** Spec §8 SUBSCRIBE_SELF: the toast when a writer tries to subscribe to their own newsletter. */
  subscribeSelf: 'You can’t subscribe to your own newsletter.',
  manage: 'Only the newsletter’s writer, or its publication’s owner and editors, manage it.',
} as const;
