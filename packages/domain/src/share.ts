/** Spec §2 `/p/{postId}/share/{channel}`: the networks a story is shared to, as the path names them. */
export const SHARE_CHANNELS = ['twitter', 'facebook', 'linkedIn'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** The channel a path segment names, in any case ('linkedin' is 'linkedIn'), or null. */
export function shareChannelOf(segment: string): ShareChannel | null {
  return SHARE_CHANNELS.find((c) => c.toLowerCase() === segment.toLowerCase()) ?? null;
}

/** Not from the spec: each network's name as the share page shows it. */
export const SHARE_CHANNEL_NAMES: Record<ShareChannel, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  linkedIn: 'LinkedIn',
};

/** The network's own share dialog for `url`, with the story's title where the network takes a text. */
export function shareIntentUrl(channel: ShareChannel, url: string, title: string): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (channel) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?${q({ url, text: title })}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}`;
    case 'linkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url })}`;
  }
}

/** Not from the spec (§2 names the path only): the share page's words. */
export const shareTexts = {
  pageTitle: (title: string) => `Share “${title}”`,
  continueTo: (network: string) => `Share on ${network}`,
  opensNetwork: (network: string) => `Opens ${network} in a new tab, with the story’s link filled in.`,
  storyLink: 'The story’s link',
  copyLink: 'Copy link',
  copied: 'Copied',
  elsewhere: 'Or share it on',
} as const;
