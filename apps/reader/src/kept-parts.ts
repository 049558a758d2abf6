// The server's parts rendered once (see lib/kept.tsx): a story's text, Read next and a story card are the
// same HTML for every reader given the same props, so each is rendered once and spliced into every reader's page.
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { KEPT_PART_ELEMENT, KEPT_SLOT_ELEMENT, type KeptPartsOfRender } from './lib/kept';

/**
 * A kept part: its HTML before and after its slot (the slot's content goes between; all of it is `before` and
 * `after` is null when it has none), and the resource hints (`<link rel="preload">`) React hoists to the start of
 * a render.
 */
export interface Part {
  before: string;
  after: string | null;
  hoisted: string;
}

const SLOT = `<${KEPT_SLOT_ELEMENT}></${KEPT_SLOT_ELEMENT}>`;

/** The hints React puts before a render's HTML (an eager, high-priority image's preload). */
const HOISTED = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * Rendered parts by name and a hash of their props, newest use last, bounded by their total length: a part
 * is the pure function of its props, so one kept for a story's old text is never used again and ages out.
 * Members-only text is safe in it: a reader's page can only name a part by the props its own data holds.
 */
export class KeptParts {
  private readonly parts = new Map<string, Part>();
  private size = 0;
  /** Keys of parts by the deeply frozen object their props hold, then by the rest of their props. */
  private readonly keysByObject = new WeakMap<object, Map<string, string>>();
  hits = 0;
  misses = 0;

  constructor(
    readonly maxChars: number,
    /** Rewrites a part's HTML as the page's would be (React's Suspense markers into hydration ranges). */
    private readonly finish: (html: string) => string,
  ) {}

  /**
   * The parts' markers a render leaves, and how to render each: one kept when the page is marked may be dropped
   * for another part of the same page before it is spliced in.
   */
  forRender(): KeptPartsOfRender & { renders: Map<string, () => ReactElement> } {
    const renders = new Map<string, () => ReactElement>();
    return {
      renders,
      mark: (name, props, part) => {
        const key = this.keyOf(name, props);
        renders.set(key, part);
        return key;
      },
    };
  }

  /**
   * A part's key: its name and a hash of its props' JSON. Props that hold one deeply frozen object (a kept story
   * card) and otherwise plain values have their key remembered by that object, for the object cannot change.
   */
  private keyOf(name: string, props: object): string {
    const held = soleObjectOf(props);
    if (!held || !deeplyFrozen(held.value)) return keyFor(name, props);
    const rest = `${name}|${held.name}|${JSON.stringify(props, (k, v) => (k === held.name ? undefined : v))}`;
    let keys = this.keysByObject.get(held.value);
    if (!keys) {
      keys = new Map();
      this.keysByObject.set(held.value, keys);
    }
    let key = keys.get(rest);
    if (key === undefined) {
      key = keyFor(name, props);
      keys.set(rest, key);
    }
    return key;
  }

  /** The part under `key`, rendered now if it is not kept. */
  take(key: string, renders: ReadonlyMap<string, () => ReactElement>): Part {
    const kept = this.parts.get(key);
    if (kept) {
      this.hits++;
      // Newest use last: the oldest is dropped first.
      this.parts.delete(key);
      this.parts.set(key, kept);
      return kept;
    }
    const render = renders.get(key);
    if (!render) throw new Error(`No kept part ${key}`);
    this.misses++;
    const html = this.finish(renderToString(render()));
    const hoisted = HOISTED.exec(html)?.[0] ?? '';
    const slot = html.indexOf(SLOT);
    const part =
      slot < 0
        ? { before: html.slice(hoisted.length), after: null, hoisted }
        : { before: html.slice(hoisted.length, slot), after: html.slice(slot + SLOT.length), hoisted };
    this.parts.set(key, part);
    this.size += sizeOf(part);
    for (const [oldest, old] of this.parts) {
      if (this.size <= this.maxChars || oldest === key) break;
      this.parts.delete(oldest);
      this.size -= sizeOf(old);
    }
    return part;
  }

  get entries(): number {
    return this.parts.size;
  }
}

const keyFor = (name: string, props: object) =>
  `${name}:${createHash('sha256').update(JSON.stringify(props)).digest('base64url')}`;

/** The one prop that is an object (the others plain values), or null when there are none or several. */
function soleObjectOf(props: object): { name: string; value: object } | null {
  let held: { name: string; value: object } | null = null;
  for (const [name, value] of Object.entries(props)) {
    if (value === null || typeof value !== 'object') continue;
    if (held) return null;
    held = { name, value };
  }
  return held;
}

/** Objects found frozen through and through: they and all they hold can never change. */
const checkedFrozen = new WeakSet<object>();
function deeplyFrozen(value: object): boolean {
  if (checkedFrozen.has(value)) return true;
  if (!Object.isFrozen(value)) return false;
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object' && !deeplyFrozen(inner)) return false;
  }
  checkedFrozen.add(value);
  return true;
}

const sizeOf = (part: Part) => part.before.length + (part.after?.length ?? 0) + part.hoisted.length;

/**
 * A part's marker as React writes it, around the page's content for its slot: its key holds only a name and
 * base64url, which need no escaping, and no text in the page can close it early (text is escaped).
 */
export const KEPT_PART_MARKER = `<${KEPT_PART_ELEMENT} data-key="([^"]+)">([\\s\\S]*?)</${KEPT_PART_ELEMENT}>`;
