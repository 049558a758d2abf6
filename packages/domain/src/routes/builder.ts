import { routeErrors } from '../messages';
import type { RouteEntry } from './table';

export interface RouteMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

export type RouteLogger = (message: string) => void;

const PLACEHOLDER = /\{(\w+)\}/g;

/** How specific a pattern segment is: static text beats a prefixed placeholder (@{username}) beats {x}. */
const segmentRank = (segment: string) => (!segment.includes('{') ? 2 : /^\{\w+\}$/.test(segment) ? 0 : 1);

/** Same pattern for the router: placeholder names do not matter. */
const shapeOf = (pattern: string) => pattern.replace(PLACEHOLDER, '{}');

const splitPath = (path: string) => path.split('/').filter(Boolean);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

interface Compiled {
  segments: { regex: RegExp; keys: string[] }[];
  ranks: number[];
}

/** A route as added: its pattern is compiled on its first match, so a page start does not build 322 matchers. */
interface Route {
  entry: RouteEntry;
  depth: number;
  compiled?: Compiled;
}

function compile(entry: RouteEntry): Compiled {
  const parts = splitPath(entry.pattern);
  return {
    ranks: parts.map(segmentRank),
    segments: parts.map((part) => {
      const keys: string[] = [];
      const source = part
        .split(/(\{\w+\})/)
        .map((piece) => {
          const key = /^\{(\w+)\}$/.exec(piece)?.[1];
          if (!key) return escapeRegExp(piece);
          keys.push(key);
          return '([^/]+)';
        })
        .join('');
      return { regex: new RegExp(`^${source}$`), keys };
    }),
  };
}

/** Spec §2 URL shapes: named routes, URL building and path matching. */
export class RouteTable {
  private readonly byName = new Map<string, Route>();
  private readonly shapes = new Set<string>();
  private readonly routes: Route[] = [];
  /** Paths matched lately, oldest first: one page's render matches its path more than once (the search box). */
  private readonly matched = new Map<string, RouteMatch | null>();
  /** Entries given as a function are added on the table's first use. */
  private pending: (() => Iterable<RouteEntry>) | null;

  constructor(
    entries: Iterable<RouteEntry> | (() => Iterable<RouteEntry>) = [],
    private readonly warn: RouteLogger = (message) => console.warn(message),
    /**
     * Patterns of names known before the entries are derived (the spec's named routes): building their URLs
     * does not derive the whole table, which a page's first render in the browser would otherwise pay for.
     */
    private readonly known: ReadonlyMap<string, string> = new Map(),
  ) {
    this.pending = typeof entries === 'function' ? entries : null;
    if (typeof entries !== 'function') for (const entry of entries) this.add(entry);
  }

  private ready(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    for (const entry of pending()) this.add(entry);
  }

  /** Adds a route; a second route with the same pattern (or name) is ambiguous: refused with a warning. */
  add(entry: RouteEntry): boolean {
    this.ready();
    const shape = shapeOf(entry.pattern);
    if (this.shapes.has(shape) || this.byName.has(entry.name)) {
      this.warn(`${routeErrors.cannotAddRoute}: ${entry.name} ${entry.pattern}`);
      return false;
    }
    const route: Route = { entry, depth: splitPath(entry.pattern).length };
    this.matched.clear();
    this.shapes.add(shape);
    this.byName.set(entry.name, route);
    this.routes.push(route);
    return true;
  }

  get entries(): RouteEntry[] {
    this.ready();
    return this.routes.map((r) => r.entry);
  }

  get(name: string): RouteEntry | undefined {
    this.ready();
    return this.byName.get(name)?.entry;
  }

  /**
   * The URL of a named route: placeholders filled (URI-encoded), other params as the query string.
   * With a host ('quire.example' or 'http://localhost:3000') the URL is absolute (https by default).
   */
  build(
    name: string,
    params: Record<string, string | number | undefined> = {},
    options: { host?: string } = {},
  ): string {
    const pattern = this.patternOf(name);
    if (!pattern) throw new Error(routeErrors.routeNotFound(name));
    const used = new Set<string>();
    const path = pattern.replace(PLACEHOLDER, (_m, key: string) => {
      const value = params[key];
      if (value === undefined || value === null) throw new Error(routeErrors.missingParams);
      used.add(key);
      if (String(value) === '') this.warn(`Empty value for param ${key} of route ${name}`);
      return encodeURIComponent(String(value));
    });
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (!used.has(key) && value !== undefined) query.set(key, String(value));
    }
    const search = query.size ? `?${query}` : '';
    if (!options.host) return path + search;
    const origin = /^https?:\/\//.test(options.host) ? options.host : `https://${options.host}`;
    return origin.replace(/\/$/, '') + path + search;
  }

  private patternOf(name: string): string | undefined {
    if (this.pending) {
      const known = this.known.get(name);
      if (known) return known;
    }
    this.ready();
    return this.byName.get(name)?.entry.pattern;
  }

  /** The route a pathname names, the most specific first (static segments beat placeholders). */
  match(pathname: string): RouteMatch | null {
    this.ready();
    const path = pathname.split(/[?#]/, 1)[0] ?? '';
    let found = this.matched.get(path);
    if (found === undefined) {
      found = this.matchNow(path);
      if (this.matched.size >= MATCHED_PATHS_KEPT) this.matched.delete(this.matched.keys().next().value!);
      this.matched.set(path, found);
    }
    // A copy: a caller may change the params it was given.
    return found && { entry: found.entry, params: { ...found.params } };
  }

  private matchNow(path: string): RouteMatch | null {
    const parts = splitPath(path);
    let best: { route: Route; compiled: Compiled; params: Record<string, string> } | null = null;
    for (const route of this.routes) {
      if (route.depth !== parts.length) continue;
      route.compiled ??= compile(route.entry);
      const compiled = route.compiled;
      const params: Record<string, string> = {};
      const ok = compiled.segments.every((segment, i) => {
        const found = segment.regex.exec(parts[i]!);
        if (!found) return false;
        segment.keys.forEach((key, k) => {
          params[key] = safeDecode(found[k + 1]!);
        });
        return true;
      });
      if (ok && (!best || moreSpecific(compiled.ranks, best.compiled.ranks)))
        best = { route, compiled, params };
    }
    return best ? { entry: best.route.entry, params: best.params } : null;
  }
}

/** How many matched paths a route table remembers. */
const MATCHED_PATHS_KEPT = 1000;

function moreSpecific(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! > b[i]!;
  }
  return false;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
