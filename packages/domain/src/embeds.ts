// IFRAME paragraphs and spec §5 "Iframe embedding is blocked unless the allow_iframe flag is on": which
// third-party players a story may frame, and how a pasted share link becomes the provider's embed address.
// Pure: URL parsing only, no network.

export type EmbedProvider =
  | 'youtube'
  | 'vimeo'
  | 'gist'
  | 'codepen'
  | 'soundcloud'
  | 'spotify'
  | 'twitter'
  | 'loom'
  | 'figma';

export interface IframeProvider {
  provider: EmbedProvider;
  name: string;
  /** Hosts an embed src may point at: 'host.example' matches exactly, '*.host.example' any subdomain of it. */
  hosts: readonly string[];
}

/** The providers whose players may be framed without the allow_iframe flag. */
export const IFRAME_PROVIDERS: readonly IframeProvider[] = [
  {
    provider: 'youtube',
    name: 'YouTube',
    hosts: ['youtube.com', 'www.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'],
  },
  { provider: 'vimeo', name: 'Vimeo', hosts: ['player.vimeo.com'] },
  { provider: 'gist', name: 'GitHub Gist', hosts: ['gist.github.com'] },
  { provider: 'codepen', name: 'CodePen', hosts: ['codepen.io'] },
  { provider: 'soundcloud', name: 'SoundCloud', hosts: ['w.soundcloud.com'] },
  { provider: 'spotify', name: 'Spotify', hosts: ['open.spotify.com'] },
  { provider: 'twitter', name: 'X (Twitter)', hosts: ['platform.twitter.com'] },
  { provider: 'loom', name: 'Loom', hosts: ['loom.com', 'www.loom.com'] },
  { provider: 'figma', name: 'Figma', hosts: ['figma.com', 'www.figma.com', 'embed.figma.com'] },
];

export interface EmbedSource {
  /** The https address to put in the iframe. */
  src: string;
  provider: EmbedProvider;
  /** The player's natural size in CSS pixels (its aspect ratio, for responsive frames). */
  width: number;
  height: number;
}

const parseUrl = (value: string): URL | null => {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
};

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;

/** The provider whose hosts include this hostname, or null. */
export function iframeProviderForHost(hostname: string): IframeProvider | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return IFRAME_PROVIDERS.find((p) => p.hosts.some((pattern) => hostMatches(host, pattern))) ?? null;
}

/**
 * Whether an iframe may load `src`: https only, no credentials in the address, and an allowlisted provider host
 * unless the allow_iframe flag is on (then any https address).
 */
export function isAllowedIframe(src: string, options: { allowIframe: boolean }): boolean {
  const url = parseUrl(src);
  if (url?.protocol !== 'https:' || url.username || url.password || !url.hostname) return false;
  if (options.allowIframe) return true;
  return url.port === '' && iframeProviderForHost(hostOf(url)) !== null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const NUMERIC = /^\d{1,20}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** YouTube start times: '90', '90s', '1m30s', '1h2m3s' → seconds. */
function youtubeSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) || null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) || null;
}

function youtube(url: URL, host: string, segments: string[]): EmbedSource | null {
  let id: string | undefined;
  if (host === 'youtu.be') id = segments[0];
  else if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
  else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = youtubeSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return {
    src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`,
    provider: 'youtube',
    width: 640,
    height: 360,
  };
}

function vimeo(url: URL, host: string, segments: string[]): EmbedSource | null {
  const rest = host === 'player.vimeo.com' ? (segments[0] === 'video' ? segments.slice(1) : []) : segments;
  // vimeo.com/{id}, vimeo.com/{id}/{privacyHash}, vimeo.com/channels/{name}/{id}
  const index = rest.findIndex((s) => NUMERIC.test(s));
  if (index < 0 || (index > 0 && rest[0] !== 'channels' && rest[0] !== 'groups')) return null;
  const id = rest[index]!;
  const hash = url.searchParams.get('h') ?? rest[index + 1];
  const privacy = hash && /^[0-9a-f]{6,40}$/.test(hash) ? `?h=${hash}` : '';
  return {
    src: `https://player.vimeo.com/video/${id}${privacy}`,
    provider: 'vimeo',
    width: 640,
    height: 360,
  };
}

function gist(segments: string[]): EmbedSource | null {
  const [user, file] = segments;
  if (!user || !file || !TOKEN.test(user)) return null;
  const id = file.replace(/\.(pibb|js)$/, '');
  if (!/^[0-9a-f]{5,64}$/.test(id)) return null;
  return { src: `https://gist.github.com/${user}/${id}.pibb`, provider: 'gist', width: 680, height: 400 };
}

function codepen(segments: string[]): EmbedSource | null {
  const [user, kind, id] = segments;
  if (!user || !TOKEN.test(user) || !id || !TOKEN.test(id)) return null;
  if (!['pen', 'embed', 'full', 'details'].includes(kind ?? '')) return null;
  return {
    src: `https://codepen.io/${user}/embed/${id}?default-tab=result`,
    provider: 'codepen',
    width: 680,
    height: 400,
  };
}

function soundcloud(url: URL, host: string, segments: string[]): EmbedSource | null {
  if (host === 'w.soundcloud.com') {
    const inner = url.searchParams.get('url');
    const innerUrl = inner ? parseUrl(inner) : null;
    if (!innerUrl) return null;
    const innerHost = hostOf(innerUrl);
    if (innerHost !== 'soundcloud.com' && innerHost !== 'api.soundcloud.com') return null;
    return soundcloud(innerUrl, innerHost, innerUrl.pathname.split('/').filter(Boolean));
  }
  if (segments.length < 2 || !segments.every((s) => TOKEN.test(s))) return null;
  const track = `https://${host === 'api.soundcloud.com' ? 'api.' : ''}soundcloud.com/${segments.join('/')}`;
  const isSet = segments[1] === 'sets' || segments[0] === 'playlists';
  return {
    src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(track)}`,
    provider: 'soundcloud',
    width: 680,
    height: isSet ? 450 : 166,
  };
}

const SPOTIFY_KINDS = ['track', 'album', 'playlist', 'episode', 'show', 'artist'];

function spotify(segments: string[]): EmbedSource | null {
  const rest = segments.filter((s, i) => !(i === 0 && (s === 'embed' || s.startsWith('intl-'))));
  const [kind, id] = rest;
  if (!kind || !SPOTIFY_KINDS.includes(kind) || !id || !/^[A-Za-z0-9]{22}$/.test(id)) return null;
  return {
    src: `https://open.spotify.com/embed/${kind}/${id}`,
    provider: 'spotify',
    width: 680,
    height: kind === 'track' || kind === 'episode' ? 152 : 352,
  };
}

function twitter(url: URL, host: string, segments: string[]): EmbedSource | null {
  let id: string | null | undefined;
  if (host === 'platform.twitter.com') id = url.searchParams.get('id');
  else if (segments[1] === 'status' || segments[1] === 'statuses') id = segments[2];
  else if (segments[0] === 'i' && segments[1] === 'web' && segments[2] === 'status') id = segments[3];
  if (!id || !NUMERIC.test(id)) return null;
  return {
    src: `https://platform.twitter.com/embed/Tweet.html?id=${id}`,
    provider: 'twitter',
    width: 550,
    height: 600,
  };
}

function loom(segments: string[]): EmbedSource | null {
  const [kind, id] = segments;
  if ((kind !== 'share' && kind !== 'embed') || !id || !/^[0-9a-f]{32}$/.test(id)) return null;
  return { src: `https://www.loom.com/embed/${id}`, provider: 'loom', width: 640, height: 360 };
}

function figma(url: URL, segments: string[]): EmbedSource | null {
  if (segments[0] === 'embed') {
    const inner = url.searchParams.get('url');
    const innerUrl = inner ? parseUrl(inner) : null;
    return innerUrl && /^(www\.)?figma\.com$/.test(hostOf(innerUrl))
      ? figma(innerUrl, innerUrl.pathname.split('/').filter(Boolean))
      : null;
  }
  const [kind, key] = segments;
  if (!['file', 'design', 'proto', 'board', 'slides'].includes(kind ?? '') || !key || !TOKEN.test(key))
    return null;
  const share = new URL(`https://www.figma.com/${segments.map(encodeURIComponent).join('/')}`);
  const nodeId = url.searchParams.get('node-id');
  if (nodeId) share.searchParams.set('node-id', nodeId);
  return {
    src: `https://www.figma.com/embed?embed_host=quire&url=${encodeURIComponent(share.toString())}`,
    provider: 'figma',
    width: 800,
    height: 450,
  };
}

/**
 * Turns a pasted share link (or an embed address) of an allowlisted provider into its player's https embed src,
 * e.g. youtube.com/watch?v=ID and youtu.be/ID → https://www.youtube-nocookie.com/embed/ID. Null for anything else.
 */
export function embedSrcFor(value: string): EmbedSource | null {
  const url = parseUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return null;
  if (url.port !== '') return null;
  const host = hostOf(url).replace(/^(www|m|mobile|music)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  switch (host) {
    case 'youtube.com':
    case 'youtu.be':
    case 'youtube-nocookie.com':
      return youtube(url, host, segments);
    case 'vimeo.com':
    case 'player.vimeo.com':
      return vimeo(url, host, segments);
    case 'gist.github.com':
      return gist(segments);
    case 'codepen.io':
      return codepen(segments);
    case 'soundcloud.com':
    case 'w.soundcloud.com':
    case 'api.soundcloud.com':
      return soundcloud(url, host, segments);
    case 'open.spotify.com':
      return spotify(segments);
    case 'twitter.com':
    case 'x.com':
    case 'platform.twitter.com':
      return twitter(url, host, segments);
    case 'loom.com':
      return loom(segments);
    case 'figma.com':
    case 'embed.figma.com':
      return figma(url, segments);
    default:
      return null;
  }
}
