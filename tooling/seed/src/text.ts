import type { ImageDisplayMode, Markup, Paragraph, ParagraphType, PostContent } from '@quire/domain';
import { contentText } from '@quire/domain';

/** A small deterministic PRNG (mulberry32): the same seed always yields the same demo content. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  /** `count` distinct items in random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.max(0, Math.min(count, copy.length)));
  };
  const hex = (length: number) => {
    let out = '';
    while (out.length < length) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return { next, int, pick, chance, sample, hex };
}
export type Prng = ReturnType<typeof prng>;

// Inline markup in the hand-written prose: **strong**, *em*, `code`, ==highlight== and [text](href).
const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|==(.+?)==|\[(.+?)\]\((.+?)\)/g;

/** Parses the inline markup syntax into plain text plus markups at UTF-16 offsets. */
export function parseInline(source: string): { text: string; markups: Markup[] } {
  let text = '';
  const markups: Markup[] = [];
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    text += source.slice(last, match.index);
    last = match.index + match[0].length;
    const [, strong, em, code, highlight, linkText, href] = match;
    const inner = strong ?? em ?? code ?? highlight ?? linkText ?? '';
    const start = text.length;
    text += inner;
    const end = text.length;
    if (strong !== undefined) markups.push({ type: 'STRONG', start, end });
    else if (em !== undefined) markups.push({ type: 'EM', start, end });
    else if (code !== undefined) markups.push({ type: 'CODE', start, end });
    else if (highlight !== undefined) markups.push({ type: 'HIGHLIGHT', start, end });
    else markups.push({ type: 'A', start, end, href: href ?? '' });
  }
  text += source.slice(last);
  return { text, markups };
}

/** Builds a story's paragraphs with unique 4-hex paragraph names. */
export class ParagraphBuilder {
  readonly paragraphs: Paragraph[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly rng: Prng) {}

  private name(): string {
    let name = this.rng.hex(4);
    while (this.names.has(name)) name = this.rng.hex(4);
    this.names.add(name);
    return name;
  }

  /** A text paragraph; `source` may use the inline markup syntax. */
  text(type: ParagraphType, source: string, extra: Partial<Paragraph> = {}): this {
    const { text, markups } = parseInline(source);
    this.paragraphs.push({ name: this.name(), type, text, markups, ...extra });
    return this;
  }

  /** Plain text with no inline parsing (titles, code). */
  plain(type: ParagraphType, text: string, extra: Partial<Paragraph> = {}): this {
    this.paragraphs.push({ name: this.name(), type, text, markups: [], ...extra });
    return this;
  }

  code(language: string, text: string): this {
    return this.plain('PRE', text, { codeBlockLanguage: language });
  }

  list(ordered: boolean, items: readonly string[]): this {
    for (const item of items) this.text(ordered ? 'OLI' : 'ULI', item);
    return this;
  }

  image(image: DemoImage, caption: string, layout: ImageDisplayMode = 'INSET'): this {
    const { text, markups } = parseInline(caption);
    this.paragraphs.push({
      name: this.name(),
      type: 'IMG',
      text,
      markups,
      layout,
      metadata: { id: image.id, originalWidth: image.width, originalHeight: image.height, alt: image.alt },
    });
    return this;
  }

  rule(): this {
    return this.plain('HR', '');
  }

  content(): PostContent {
    return { paragraphs: this.paragraphs };
  }
}

export interface DemoImage {
  id: string;
  width: number;
  height: number;
  alt: string;
}

/** Words as the domain counts them for reading time (IMG, HR and IFRAME text excluded). */
export function wordCount(content: PostContent): number {
  return contentText(content).split(/\s+/).filter(Boolean).length;
}
