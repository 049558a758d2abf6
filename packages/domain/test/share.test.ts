import { describe, expect, it } from 'vitest';
import { SHARE_CHANNELS, shareChannelOf, shareIntentUrl } from '../src/share';

describe('share channels (spec §2 /p/{postId}/share/{channel})', () => {
  it('knows twitter, facebook and linkedIn in any case, and nothing else', () => {
    expect(SHARE_CHANNELS).toEqual(['twitter', 'facebook', 'linkedIn']);
    expect(shareChannelOf('linkedin')).toBe('linkedIn');
    expect(shareChannelOf('Twitter')).toBe('twitter');
    expect(shareChannelOf('myspace')).toBeNull();
    expect(shareChannelOf('')).toBeNull();
  });

  it("builds each network's share dialog with the story's address encoded", () => {
    const url = 'https://quire.example/@ada/a-story-0123456789ab?x=1&y=2';
    expect(shareIntentUrl('twitter', url, 'Tabs & spaces')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fquire.example%2F%40ada%2Fa-story-0123456789ab%3Fx%3D1%26y%3D2&text=Tabs+%26+spaces',
    );
    expect(new URL(shareIntentUrl('facebook', url, 'T')).searchParams.get('u')).toBe(url);
    expect(new URL(shareIntentUrl('linkedIn', url, 'T')).searchParams.get('url')).toBe(url);
  });
});
