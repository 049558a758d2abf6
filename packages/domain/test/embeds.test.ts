import { describe, expect, it } from 'vitest';
import { embedSrcFor, IFRAME_PROVIDERS, iframeProviderForHost, isAllowedIframe } from '../src/embeds';

const src = (url: string) => embedSrcFor(url)?.src ?? null;

describe('embedSrcFor', () => {
  it('turns YouTube share links into privacy-enhanced embeds', () => {
    const expected = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(src('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(expected);
    expect(src('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe(expected);
    expect(src('http://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(expected);
    expect(src('https://youtu.be/dQw4w9WgXcQ')).toBe(expected);
    expect(src('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(expected);
    expect(src('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(expected);
    expect(src('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(expected);
    expect(embedSrcFor('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      src: expected,
      provider: 'youtube',
      width: 640,
      height: 360,
    });
  });

  it('keeps a YouTube start time', () => {
    expect(src('https://youtu.be/dQw4w9WgXcQ?t=90')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    );
    expect(src('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    );
  });

  it('rejects malformed YouTube ids', () => {
    expect(embedSrcFor('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(embedSrcFor('https://youtu.be/dQw4w9WgXcQ"onload')).toBeNull();
    expect(embedSrcFor('https://www.youtube.com/channel/UC123')).toBeNull();
  });

  it('handles Vimeo, including private links', () => {
    expect(src('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(src('https://vimeo.com/76979871/8272103f6e')).toBe(
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
    );
    expect(src('https://vimeo.com/channels/staffpicks/76979871')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(src('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedSrcFor('https://vimeo.com/about')).toBeNull();
  });

  it('handles GitHub Gist and CodePen', () => {
    expect(src('https://gist.github.com/octocat/6cad326836d38bd3a7ae')).toBe(
      'https://gist.github.com/octocat/6cad326836d38bd3a7ae.pibb',
    );
    expect(embedSrcFor('https://gist.github.com/octocat')).toBeNull();
    expect(src('https://codepen.io/jane/pen/abcXYZ')).toBe(
      'https://codepen.io/jane/embed/abcXYZ?default-tab=result',
    );
    expect(embedSrcFor('https://codepen.io/jane')).toBeNull();
  });

  it('handles SoundCloud tracks and sets', () => {
    const track = embedSrcFor('https://soundcloud.com/artist/a-track');
    expect(track?.src).toBe(
      `https://w.soundcloud.com/player/?url=${encodeURIComponent('https://soundcloud.com/artist/a-track')}`,
    );
    expect(track?.height).toBe(166);
    expect(embedSrcFor('https://soundcloud.com/artist/sets/an-album')?.height).toBe(450);
    expect(embedSrcFor('https://soundcloud.com/artist')).toBeNull();
  });

  it('handles Spotify', () => {
    expect(embedSrcFor('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc')).toMatchObject({
      src: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      provider: 'spotify',
      height: 152,
    });
    expect(src('https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3')).toBe(
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
    );
    expect(embedSrcFor('https://open.spotify.com/user/someone')).toBeNull();
  });

  it('handles Twitter and X posts', () => {
    const expected = 'https://platform.twitter.com/embed/Tweet.html?id=1234567890123456789';
    expect(src('https://twitter.com/jack/status/1234567890123456789')).toBe(expected);
    expect(src('https://x.com/jack/status/1234567890123456789?s=20')).toBe(expected);
    expect(src('https://mobile.twitter.com/jack/status/1234567890123456789')).toBe(expected);
    expect(embedSrcFor('https://x.com/jack')).toBeNull();
  });

  it('handles Loom and Figma', () => {
    const loomId = '0123456789abcdef0123456789abcdef';
    expect(src(`https://www.loom.com/share/${loomId}`)).toBe(`https://www.loom.com/embed/${loomId}`);
    const figma = embedSrcFor('https://www.figma.com/design/AbCdEf123/My-File?node-id=1-2');
    expect(figma?.provider).toBe('figma');
    const inner = new URL(figma!.src).searchParams.get('url');
    expect(inner).toBe('https://www.figma.com/design/AbCdEf123/My-File?node-id=1-2');
    expect(figma!.src.startsWith('https://www.figma.com/embed?')).toBe(true);
  });

  it('returns null for other sites and non-web addresses', () => {
    expect(embedSrcFor('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedSrcFor('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedSrcFor('javascript:alert(1)')).toBeNull();
    expect(embedSrcFor('ftp://youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedSrcFor('https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedSrcFor('not a url')).toBeNull();
  });

  it('produces sources the allowlist accepts', () => {
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://gist.github.com/octocat/6cad326836d38bd3a7ae',
      'https://codepen.io/jane/pen/abcXYZ',
      'https://soundcloud.com/artist/a-track',
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      'https://x.com/jack/status/1234567890123456789',
      'https://www.loom.com/share/0123456789abcdef0123456789abcdef',
      'https://www.figma.com/file/AbCdEf123/My-File',
    ]) {
      const embed = embedSrcFor(url);
      expect(embed, url).not.toBeNull();
      expect(isAllowedIframe(embed!.src, { allowIframe: false }), url).toBe(true);
      expect(iframeProviderForHost(new URL(embed!.src).hostname)?.provider).toBe(embed!.provider);
    }
  });
});

describe('isAllowedIframe', () => {
  it('allows https sources on allowlisted hosts', () => {
    expect(
      isAllowedIframe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', { allowIframe: false }),
    ).toBe(true);
    expect(isAllowedIframe('https://player.vimeo.com/video/1', { allowIframe: false })).toBe(true);
    expect(isAllowedIframe('https://WWW.YOUTUBE.COM./embed/x', { allowIframe: false })).toBe(true);
  });

  it('blocks other hosts unless allow_iframe is on', () => {
    expect(isAllowedIframe('https://example.com/widget', { allowIframe: false })).toBe(false);
    expect(isAllowedIframe('https://example.com/widget', { allowIframe: true })).toBe(true);
    expect(isAllowedIframe('https://youtube.com.evil.example/embed/x', { allowIframe: false })).toBe(false);
    expect(isAllowedIframe('https://evilyoutube.com/embed/x', { allowIframe: false })).toBe(false);
  });

  it('never allows non-https sources, credentials or junk, flag or not', () => {
    for (const allowIframe of [false, true]) {
      expect(isAllowedIframe('http://www.youtube.com/embed/x', { allowIframe })).toBe(false);
      expect(isAllowedIframe('javascript:alert(1)', { allowIframe })).toBe(false);
      expect(isAllowedIframe('data:text/html,<script>1</script>', { allowIframe })).toBe(false);
      expect(isAllowedIframe('https://user:pw@www.youtube.com/embed/x', { allowIframe })).toBe(false);
      expect(isAllowedIframe('//www.youtube.com/embed/x', { allowIframe })).toBe(false);
      expect(isAllowedIframe('', { allowIframe })).toBe(false);
    }
    expect(isAllowedIframe('https://www.youtube.com:8443/embed/x', { allowIframe: false })).toBe(false);
  });

  it('lists every provider once with at least one host', () => {
    const providers = IFRAME_PROVIDERS.map((p) => p.provider);
    expect(new Set(providers).size).toBe(providers.length);
    expect(providers).toEqual(
      expect.arrayContaining([
        'youtube',
        'vimeo',
        'gist',
        'codepen',
        'soundcloud',
        'spotify',
        'twitter',
        'loom',
        'figma',
      ]),
    );
    for (const p of IFRAME_PROVIDERS) expect(p.hosts.length).toBeGreaterThan(0);
  });
});
