/** Texts and limits of POST /_/upload-url: an image fetched from its address and stored as an upload is. */

/** The longest image address taken. */
export const IMAGE_URL_MAX = 2048;

export const imageByUrlTexts = {
  badUrl: 'Enter the http or https address of an image.',
  blockedUrl: 'Images cannot be fetched from that address.',
  fetchFailed: 'The image at that address could not be fetched.',
  notImage: 'That address is not an image.',
  tooLarge: (mb: number) => `The image at that address is larger than the ${mb} MB limit.`,
} as const;
