import { createHash } from 'node:crypto';
import { Media, type MediaStore, type Orm } from '@quire/db';
import sharp from 'sharp';
import { PUBLICATIONS, WRITERS } from './demo-content';
import { DEMO_IMAGES } from './demo-plan';
import { type Prng, prng } from './text';

// The demo's pictures, drawn as SVG without any text and rendered by sharp: story pictures (abstract
// landscapes, waves and soft light), head-and-shoulders avatars, and publication monograms drawn as strokes
// (no fonts, so with the same sharp version every machine draws the same bytes). Everything follows from the
// image's id.

export type DemoImageKind = 'story' | 'avatar' | 'logo';

/** One demo image: its media key (the id stories, users and publications refer to) and what it shows. */
export interface DemoImageSpec {
  key: string;
  kind: DemoImageKind;
  width: number;
  height: number;
  mime: 'image/jpeg' | 'image/png';
  /** Logos only: the letters and the publication's colour (#RRGGBB). */
  monogram?: string;
  color?: string;
}

export const DEMO_AVATAR_SIDE = 400;
export const DEMO_LOGO_SIDE = 400;

/** The avatar id of the n-th demo writer (1-based); the scale seed reuses these. */
export const demoAvatarId = (n: number) => `demo-avatar-${n}.jpg`;
/** The logo id of a demo publication. */
export const demoLogoId = (slug: string) => `demo-pub-${slug}.png`;

/** Up to two capital letters for a publication's monogram: the initials of its words, leaving out 'The'. */
export function monogramOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  const kept = words.length > 1 ? words.filter((w) => w.toLowerCase() !== 'the') : words;
  return kept
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Spec tint colours are #AARRGGBB; the logo uses the colour part. */
const rgbOf = (tint: string) => {
  const hex = tint.replace('#', '');
  return `#${hex.length === 8 ? hex.slice(2) : hex.padStart(6, '0')}`;
};

/** Every demo image: the plan's story pictures, an avatar per writer and a logo per publication. */
export function demoImageSpecs(): DemoImageSpec[] {
  return [
    ...DEMO_IMAGES.map(
      (image): DemoImageSpec => ({
        key: image.id,
        kind: 'story',
        width: image.width,
        height: image.height,
        mime: 'image/jpeg',
      }),
    ),
    ...WRITERS.map(
      (_, i): DemoImageSpec => ({
        key: demoAvatarId(i + 1),
        kind: 'avatar',
        width: DEMO_AVATAR_SIDE,
        height: DEMO_AVATAR_SIDE,
        mime: 'image/jpeg',
      }),
    ),
    ...PUBLICATIONS.map(
      (pub): DemoImageSpec => ({
        key: demoLogoId(pub.slug),
        kind: 'logo',
        width: DEMO_LOGO_SIDE,
        height: DEMO_LOGO_SIDE,
        mime: 'image/png',
        monogram: monogramOf(pub.name),
        color: rgbOf(pub.tintColor),
      }),
    ),
  ];
}

const rngFor = (key: string): Prng => prng(createHash('sha256').update(key).digest().readUInt32BE(0));

const hsl = (h: number, s: number, l: number) =>
  `hsl(${(((h % 360) + 360) % 360).toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;
const n1 = (x: number) => x.toFixed(1);

/** A closed path along the top of a ridge: points across the width, smoothed with quadratic curves. */
function ridge(rng: Prng, w: number, h: number, base: number, amplitude: number, steps: number): string {
  const points: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * w * 1.1 - w * 0.05;
    points.push([x, base + (rng.next() - 0.5) * 2 * amplitude]);
  }
  let d = `M${n1(points[0]![0])} ${n1(points[0]![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [px, py] = points[i - 1]!;
    const [x, y] = points[i]!;
    d += ` Q${n1(px)} ${n1(py)} ${n1((px + x) / 2)} ${n1((py + y) / 2)}`;
  }
  const last = points[points.length - 1]!;
  return `${d} T${n1(last[0])} ${n1(last[1])} L${n1(w * 1.05)} ${n1(h)} L${n1(-w * 0.05)} ${n1(h)} Z`;
}

function landscapeSvg(rng: Prng, w: number, h: number): string {
  const hue = rng.int(0, 359);
  const warm = hue + rng.int(20, 60);
  const sunX = w * (0.2 + rng.next() * 0.6);
  const sunY = h * (0.22 + rng.next() * 0.2);
  const sunR = h * (0.05 + rng.next() * 0.04);
  const layers = rng.int(3, 5);
  let hills = '';
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1); // 0 far, 1 near
    const base = h * (0.45 + depth * 0.35);
    const amplitude = h * (0.1 - depth * 0.05);
    const steps = rng.int(4, 8) + i * 2;
    const top = hsl(hue + 180 + depth * 30, 20 + depth * 25, 72 - depth * 50);
    const bottom = hsl(hue + 190 + depth * 30, 25 + depth * 20, 60 - depth * 45);
    hills += `<linearGradient id="l${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
    hills += `<path d="${ridge(rng, w, h, base, amplitude, steps)}" fill="url(#l${i})"/>`;
  }
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 45, 38)}"/><stop offset="0.55" stop-color="${hsl(warm, 60, 72)}"/><stop offset="1" stop-color="${hsl(warm + 15, 70, 84)}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${hsl(warm + 20, 100, 92)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hsl(warm, 90, 80)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${n1(sunX)}" cy="${n1(sunY)}" r="${n1(sunR * 5)}" fill="url(#glow)"/>
<circle cx="${n1(sunX)}" cy="${n1(sunY)}" r="${n1(sunR)}" fill="${hsl(warm + 25, 100, 94)}"/>
${hills}`;
}

function wavesSvg(rng: Prng, w: number, h: number): string {
  const hue = rng.int(0, 359);
  const bands = rng.int(5, 7);
  let body = '';
  for (let i = 0; i < bands; i++) {
    const t = i / (bands - 1);
    const y0 = h * (0.15 + t * 0.75);
    const amp = h * (0.04 + rng.next() * 0.05);
    const phase = rng.next() * w;
    const len = w * (0.6 + rng.next() * 0.6);
    let d = `M${n1(-w * 0.1)} ${n1(y0)}`;
    for (let x = -w * 0.1; x <= w * 1.1; x += w / 12) {
      const y = y0 + Math.sin(((x + phase) / len) * Math.PI * 2) * amp;
      d += ` L${n1(x)} ${n1(y)}`;
    }
    d += ` L${n1(w * 1.1)} ${h} L${n1(-w * 0.1)} ${h} Z`;
    const c1 = hsl(hue + t * 70, 50 + t * 10, 78 - t * 48);
    const c2 = hsl(hue + t * 70 + 20, 55, 66 - t * 44);
    body += `<linearGradient id="w${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient><path d="${d}" fill="url(#w${i})" stroke-linejoin="round"/>`;
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue - 20, 40, 90)}"/><stop offset="1" stop-color="${hsl(hue, 45, 76)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${body}`;
}

function lightSvg(rng: Prng, w: number, h: number): string {
  const hue = rng.int(0, 359);
  const spots = rng.int(6, 10);
  let body = '';
  for (let i = 0; i < spots; i++) {
    const r = h * (0.15 + rng.next() * 0.45);
    const colour = hsl(hue + rng.int(-50, 50), 70, 55 + rng.int(0, 25));
    body += `<radialGradient id="s${i}"><stop offset="0" stop-color="${colour}" stop-opacity="${(0.5 + rng.next() * 0.4).toFixed(2)}"/><stop offset="0.6" stop-color="${colour}" stop-opacity="0.25"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
    body += `<circle cx="${n1(rng.next() * w)}" cy="${n1(rng.next() * h)}" r="${n1(r)}" fill="url(#s${i})"/>`;
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 35, 24)}"/><stop offset="1" stop-color="${hsl(hue + 240, 40, 36)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>${body}`;
}

const SKIN = ['#f4d3b5', '#e8b98f', '#d49a6a', '#b57a4f', '#8d5a3b', '#5f3b26'];
const HAIR = ['#1f1a17', '#3b2a20', '#6b4a2f', '#a0703c', '#c9a66b', '#8a8a8a', '#5a2e1d'];

function avatarSvg(rng: Prng, s: number): string {
  const hue = rng.int(0, 359);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const shirt = hsl(hue + 150 + rng.int(0, 60), 35 + rng.int(0, 25), 30 + rng.int(0, 25));
  const style = rng.int(0, 4);
  const k = s / 400;
  const g = (d: string) => `<g transform="scale(${k})">${d}</g>`;
  const behind =
    style === 1
      ? `<path d="M118 190 C104 70 296 70 282 190 L292 318 C252 338 148 338 108 318 Z" fill="${hair}"/>`
      : '';
  // Each hair shape covers the top of the head (y 100) and ends in a hairline across the forehead.
  const cap = (outer: number, hairline: number, side: number) =>
    `<path d="M${124 + side} 194 C${112 + side} ${outer} ${288 - side} ${outer} ${276 - side} 194 C${266 - side} 152 ${240} ${hairline + 4} 200 ${hairline} C160 ${hairline + 4} ${134 + side} 152 ${124 + side} 194 Z" fill="${hair}"/>`;
  const top =
    style === 0
      ? cap(48, 132, 0)
      : style === 1
        ? cap(44, 136, -2)
        : style === 2
          ? `<circle cx="200" cy="86" r="32" fill="${hair}"/>${cap(52, 128, 2)}`
          : style === 3
            ? [0, 1, 2, 3, 4, 5, 6]
                .map((i) => {
                  const a = Math.PI * (1.05 + (i / 6) * 0.9);
                  return `<circle cx="${n1(200 + Math.cos(a) * 66)}" cy="${n1(172 + Math.sin(a) * 74)}" r="30" fill="${hair}"/>`;
                })
                .join('')
            : cap(64, 122, 8);
  const glasses = rng.chance(0.3)
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="5" opacity="0.8"><circle cx="172" cy="186" r="18"/><circle cx="228" cy="186" r="18"/><path d="M190 186 H210"/></g>`
    : '';
  return `<defs><radialGradient id="bg" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${hsl(hue, 55, 86)}"/><stop offset="1" stop-color="${hsl(hue + 30, 45, 66)}"/></radialGradient></defs>
<rect width="${s}" height="${s}" fill="url(#bg)"/>
${g(`${behind}<path d="M52 400 C56 312 122 278 200 278 C278 278 344 312 348 400 Z" fill="${shirt}"/>
<path d="M176 226 H224 V288 C212 300 188 300 176 288 Z" fill="${skin}"/><path d="M176 262 C190 274 210 274 224 262 V288 C212 298 188 298 176 288 Z" fill="#000" opacity="0.12"/>
<ellipse cx="200" cy="182" rx="70" ry="82" fill="${skin}"/>${top}${glasses}`)}`;
}

/** Capital letters as strokes on a 6×10 grid (y down), so a monogram needs no font. */
const STROKE_LETTERS: Record<string, string> = {
  A: 'M0 10 L3 0 L6 10 M1.1 6.5 H4.9',
  B: 'M0 5 H3.4 C5.6 5 5.6 0 3.4 0 H0 V10 H3.8 C6.3 10 6.3 5 3.8 5',
  C: 'M6 1.6 C4.6 -0.6 0 -0.6 0 5 C0 10.6 4.6 10.6 6 8.4',
  D: 'M0 0 V10 H2.4 C7.6 10 7.6 0 2.4 0 Z',
  E: 'M6 0 H0 V10 H6 M0 5 H4.4',
  F: 'M6 0 H0 V10 M0 5 H4.4',
  G: 'M6 1.6 C4.6 -0.6 0 -0.6 0 5 C0 10.6 6 10.6 6 6 H3.4',
  H: 'M0 0 V10 M6 0 V10 M0 5 H6',
  I: 'M3 0 V10 M1 0 H5 M1 10 H5',
  J: 'M5 0 V7 C5 10.6 0.4 10.6 0.4 7.4',
  K: 'M0 0 V10 M6 0 L0 6.2 M2.2 4 L6 10',
  L: 'M0 0 V10 H6',
  M: 'M0 10 V0 L3 6 L6 0 V10',
  N: 'M0 10 V0 L6 10 V0',
  O: 'M3 0 C-1 0 -1 10 3 10 C7 10 7 0 3 0 Z',
  P: 'M0 10 V0 H3.4 C6.4 0 6.4 5.4 3.4 5.4 H0',
  Q: 'M3 0 C-1 0 -1 10 3 10 C7 10 7 0 3 0 Z M3.8 7 L6.2 10.4',
  R: 'M0 10 V0 H3.4 C6.4 0 6.4 5.4 3.4 5.4 H0 M3 5.4 L6 10',
  S: 'M5.6 1.6 C4.6 -0.5 0.4 -0.5 0.4 2.6 C0.4 5.6 5.8 4.4 5.8 7.4 C5.8 10.6 1.2 10.6 0.2 8.3',
  T: 'M0 0 H6 M3 0 V10',
  U: 'M0 0 V6.5 C0 10.8 6 10.8 6 6.5 V0',
  V: 'M0 0 L3 10 L6 0',
  W: 'M0 0 L1.5 10 L3 4 L4.5 10 L6 0',
  X: 'M0 0 L6 10 M6 0 L0 10',
  Y: 'M0 0 L3 5 L6 0 M3 5 V10',
  Z: 'M0 0 H6 L0 10 H6',
};

/** Whether the colour (#RRGGBB) is light enough to want dark strokes on it. */
const isLight = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6;
};

function logoSvg(s: number, monogram: string, color: string): string {
  const letters = [...monogram].filter((c) => STROKE_LETTERS[c]);
  const ink = isLight(color) ? '#1a1a1a' : '#ffffff';
  // Letters 6 units wide, 3 apart, 10 high, centred in the square at 38% of its height.
  const unit = (s * 0.38) / 10;
  const width = letters.length * 6 + Math.max(0, letters.length - 1) * 3;
  const x0 = (s - width * unit) / 2;
  const y0 = (s - 10 * unit) / 2;
  const strokes = letters
    .map((c, i) => `<path transform="translate(${n1(i * 9)} 0)" d="${STROKE_LETTERS[c]}"/>`)
    .join('');
  return `<rect width="${s}" height="${s}" fill="${color}"/>
<circle cx="${s / 2}" cy="${s / 2}" r="${n1(s * 0.4)}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="${n1(s * 0.012)}"/>
<g transform="translate(${n1(x0)} ${n1(y0)}) scale(${unit.toFixed(3)})" fill="none" stroke="${ink}" stroke-width="1.15" stroke-linecap="round" stroke-linejoin="round">${strokes}</g>`;
}

/** The SVG a demo image is rendered from; it holds shapes and gradients only, never text. */
export function demoImageSvg(spec: DemoImageSpec): string {
  const rng = rngFor(spec.key);
  const { width: w, height: h } = spec;
  let body: string;
  if (spec.kind === 'avatar') body = avatarSvg(rng, w);
  else if (spec.kind === 'logo') body = logoSvg(w, spec.monogram ?? '', spec.color ?? '#444444');
  else {
    const style = rng.int(0, 4);
    body = style <= 2 ? landscapeSvg(rng, w, h) : style === 3 ? wavesSvg(rng, w, h) : lightSvg(rng, w, h);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Renders a demo image: a progressive JPEG (mozjpeg, quality 80) or a palette PNG for logos, no metadata. */
export async function renderDemoImage(spec: DemoImageSpec): Promise<Buffer> {
  const image = sharp(Buffer.from(demoImageSvg(spec)));
  if (spec.mime === 'image/png') return image.png({ palette: true, compressionLevel: 9 }).toBuffer();
  // Without trellis quantisation the encoder is about twice as fast, for files about 15% larger (~24 KB).
  return image
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true, trellisQuantisation: false })
    .toBuffer();
}

/**
 * Stores the demo images through the media store, with their Media rows, as uploads are stored, so they are
 * served, resized and cached like uploads. Only what is missing is drawn or recorded: running it again changes
 * nothing, and a data directory seeded before the images existed gets them. Returns how many images it added.
 */
export async function seedDemoImages(orm: Orm, store: MediaStore): Promise<number> {
  const specs = demoImageSpecs();
  const em = orm.em.fork();
  const recorded = new Set(
    (await em.find(Media, { storageKey: { $in: specs.map((s) => s.key) } })).map((m) => m.storageKey),
  );
  let added = 0;
  await Promise.all(
    specs.map(async (spec) => {
      const stored = await store.has(spec.key);
      if (stored && recorded.has(spec.key)) return;
      let data = stored ? await store.get(spec.key) : null;
      if (!data) {
        data = await renderDemoImage(spec);
        await store.put(spec.key, data);
      }
      if (!recorded.has(spec.key)) {
        em.create(Media, {
          uploader: null,
          mime: spec.mime,
          width: spec.width,
          height: spec.height,
          bytes: data.length,
          storageKey: spec.key,
          sha256: createHash('sha256').update(data).digest('hex'),
        });
      }
      added += 1;
    }),
  );
  await em.flush();
  return added;
}
