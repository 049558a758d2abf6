/** Texts of the embedded story card and the oEmbed answers (spec §2 /embed; the wording is ours). */
export const embedTexts = {
  readOn: (product: string) => `Read on ${product}`,
  membersOnly: 'Member-only story',
  minRead: (minutes: number) => `${Math.max(1, Math.ceil(minutes))} min read`,
  untitled: 'Untitled story',
  notFound: 'This story is not available.',
  noUrl: 'Give the URL of a story or a list in the url parameter.',
  formatNotSupported: 'Only the json format is supported.',
} as const;

/** oEmbed frame sizes (px): the story card's default and narrowest width, and its height; a list's height. */
export const EMBED_SIZES = { width: 600, minWidth: 240, storyHeight: 160, listHeight: 420 } as const;
