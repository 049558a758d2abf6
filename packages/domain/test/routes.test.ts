import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { routeErrors } from '../src/messages';
import {
  collectionUrl,
  expandPattern,
  isSitePath,
  KNOWN_ROUTE_PATTERNS,
  LEGACY_REDIRECTS,
  linkHost,
  postUrl,
  quireRoutes,
  type RouteEntry,
  RouteTable,
  routeEntries,
  SPEC_ROUTE_NAMES,
  stripForCustomDomain,
  userUrl,
} from '../src/routes';

// packages/domain/test/ → /work/shared/spec/SPEC.md
const specPath = fileURLToPath(new URL('../../../../shared/spec/SPEC.md', import.meta.url));
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : '';

const section = (start: string, end: string) => {
  const from = spec.indexOf(start);
  return from < 0 ? '' : spec.slice(from + start.length, spec.indexOf(end, from));
};

/** The patterns of spec §2 "Paths", expanded: "X with sub-paths a, b" and relative items are under X. */
function specPathPatterns(text: string): string[] {
  const out: string[] = [];
  const sentences = text
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\.\s+|\.$|\n/)
    .map((s) => s.trim())
    .filter((s) => s.includes('/'));
  for (const sentence of sentences) {
    const items = sentence.slice(sentence.indexOf('/')).split(/,\s*/);
    const first = items[0]!.split(' ')[0]!;
    let base: string | null = null;
    for (const raw of items) {
      const item = raw.trim();
      const withClause = /^(\/\S+) with (?:sub-paths )?(.+)$/.exec(item);
      if (withClause) {
        base = withClause[1]!;
        out.push(base, `${base}/${withClause[2]!.replace(/^\//, '')}`);
      } else if (base && /^\/?[\w{}@[\]|/-]+$/.test(item)) {
        out.push(`${base}/${item.replace(/^\//, '')}`);
      } else if (item.startsWith('/')) {
        out.push(item.split(' ')[0]!);
      } else if (/^[\w{}@[\]|/-]+$/.test(item)) {
        out.push(`${first}/${item}`);
      }
    }
  }
  return out.flatMap(expandPattern);
}

const shape = (pattern: string) => pattern.replace(/\{\w+\}/g, '{}');
const tableShapes = new Set(quireRoutes.entries.map((e) => shape(e.pattern)));

const entry = (over: Partial<RouteEntry>): RouteEntry => ({
  name: 'X',
  pattern: '/x',
  service: 'lite',
  handler: 'reader',
  metricName: 'lite.X',
  customDomainVariant: false,
  table: 'all',
  group: 'Test',
  capability: 'Test',
  ...over,
});

describe('route table (spec §2 Route table and Paths)', () => {
  it('builds without a refused route', () => {
    const warn = vi.fn();
    const table = new RouteTable(routeEntries(), warn);
    expect(warn).not.toHaveBeenCalled();
    expect(table.entries).toHaveLength(routeEntries().length);
  });

  it('has every route name of the spec', () => {
    const names = spec
      ? section('### Route table (names)', '### Paths')
          .replace(/\s*\([^)]*\)/g, '')
          .split(/\.\s/)[0]!
          .split(/,\s*/)
          .map((n) => n.trim())
      : ['ShowHome', 'ShowPost', 'ShowUserList', 'ShowYourStories', 'AcctSignout'];
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(quireRoutes.get(name), name).toBeDefined();
    expect([...SPEC_ROUTE_NAMES].sort()).toEqual(spec ? [...names].sort() : expect.any(Array));
  });

  it("knows the spec-named patterns and the search box's before the table is derived, as the table has them", () => {
    const warn = vi.fn();
    const lazy = new RouteTable(routeEntries, warn, KNOWN_ROUTE_PATTERNS);
    expect(lazy.build('ShowUser', { username: 'ada', tab: 'x' })).toBe('/@ada?tab=x');
    for (const [name, pattern] of KNOWN_ROUTE_PATTERNS)
      expect(quireRoutes.get(name)?.pattern, name).toBe(pattern);
    expect(KNOWN_ROUTE_PATTERNS.size).toBe(SPEC_ROUTE_NAMES.length + 2);
    expect(lazy.build('ShowByCollectionSlugSearch', { collectionSlug: 'ops', q: 'x' })).toBe(
      '/ops/search?q=x',
    );
    // A name the map does not know derives the table.
    expect(lazy.build('ShowTagByTagSlugArchive', { tagSlug: 'ai' })).toBe('/tag/ai/archive');
    expect(() => lazy.build('NoSuchRoute')).toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('has every pattern of the spec Paths section', () => {
    const patterns = spec
      ? specPathPatterns(section('### Paths', '## 3.'))
      : [
          '/about',
          '/s/{name}',
          '/@{username}/audience/{details}',
          '/me/settings/mute/{activeTab}',
          '/m/callback/namecheap',
          '/feed/{collectionSlug}/news/tagged/{tagSlug}',
        ];
    expect(patterns.length).toBeGreaterThan(spec ? 250 : 5);
    for (const pattern of patterns) expect(tableShapes.has(shape(pattern)), pattern).toBe(true);
  });

  it('expands optional segments and alternatives', () => {
    expect(expandPattern('/archive[/{year}[/{month}]]')).toEqual([
      '/archive',
      '/archive/{year}',
      '/archive/{year}/{month}',
    ]);
    expect(expandPattern('/m/connect/google|facebook')).toEqual(['/m/connect/google', '/m/connect/facebook']);
    expect(expandPattern('/f[/new|/{t}/edit]')).toEqual(['/f', '/f/new', '/f/{t}/edit']);
    expect(expandPattern('/m/global-identity[-2]')).toEqual(['/m/global-identity', '/m/global-identity-2']);
  });

  it('gives every legacy redirect a target and a 301/302 status', () => {
    for (const r of LEGACY_REDIRECTS) {
      const found = quireRoutes.match(r.pattern)?.entry;
      expect(found?.redirectTo).toBe(r.to);
      expect([301, 302]).toContain(found?.redirectStatus);
    }
    expect(quireRoutes.match('/ticks')?.entry).toMatchObject({ redirectTo: '/l/ticks', redirectStatus: 301 });
  });

  it('marks user and publication routes with their table and custom-domain variant', () => {
    expect(quireRoutes.get('ShowUser')).toMatchObject({ table: 'user', customDomainVariant: true });
    expect(quireRoutes.get('ShowCollectionHome')).toMatchObject({ table: 'collection' });
    expect(quireRoutes.get('ShowHome')).toMatchObject({ table: 'all', customDomainVariant: false });
    expect(quireRoutes.get('AcctSignout')?.service).toBe('auth');
    expect(quireRoutes.get('ShowEarnLanding')?.service).toBe('s3-site');
  });
});

describe('RouteTable builder', () => {
  it('fills placeholders and puts other params in the query', () => {
    expect(quireRoutes.build('ShowUserList', { username: 'ada', catalogSlugId: 'reads-1a2b' })).toBe(
      '/@ada/list/reads-1a2b',
    );
    expect(quireRoutes.build('ShowSearch', { q: 'type systems' })).toBe('/search?q=type+systems');
    expect(quireRoutes.build('ShowPost', { postId: 'abc' }, { host: 'quire.example' })).toBe(
      'https://quire.example/p/abc',
    );
  });

  it('fails verbatim on a missing param and an unknown name', () => {
    expect(() => quireRoutes.build('ShowYourStories', {})).toThrow(
      new Error('One or more required param(s) not provided'),
    );
    expect(() => quireRoutes.build('ShowNothing', {})).toThrow(
      new Error('Route with name ShowNothing does not exist'),
    );
    expect(routeErrors.routeNotFound('ShowNothing')).toBe('Route with name ShowNothing does not exist');
  });

  it('only warns on an empty value', () => {
    const warn = vi.fn();
    const table = new RouteTable([entry({ name: 'ShowTag', pattern: '/tag/{tagSlug}' })], warn);
    expect(table.build('ShowTag', { tagSlug: '' })).toBe('/tag/');
    expect(warn).toHaveBeenCalledOnce();
  });

  it("refuses a duplicate pattern with 'Cannot add route'", () => {
    const warn = vi.fn();
    const table = new RouteTable([entry({ name: 'A', pattern: '/s/{sequenceSlug}' })], warn);
    expect(table.add(entry({ name: 'B', pattern: '/s/{name}' }))).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toContain('Cannot add route');
    expect(table.get('B')).toBeUndefined();
    expect(table.entries).toHaveLength(1);
  });

  it('matches the most specific pattern: static segments beat placeholders', () => {
    expect(quireRoutes.match('/me/lists')?.entry.name).toBe('ShowYourLists');
    expect(quireRoutes.match('/@ada/about')?.entry.name).toBe('ShowUserAbout');
    expect(quireRoutes.match('/@ada/on-types-1a2b3c4d')).toMatchObject({
      entry: { name: 'ShowPostUnderUser' },
      params: { username: 'ada', postId: 'on-types-1a2b3c4d' },
    });
    expect(quireRoutes.match('/kernel-notes/1a2b3c4d')?.entry.name).toBe('ShowPostUnderCollection');
    expect(quireRoutes.match('/kernel-notes/@ada')?.entry.table).toBe('collection');
    expect(quireRoutes.match('/s/new')?.entry.name).not.toBe('ShowSequenceLibrary');
    expect(quireRoutes.match('/s/anything')?.entry.name).toBe('ShowSequenceLibrary');
    expect(quireRoutes.match('/')?.entry.name).toBe('ShowHome');
    expect(quireRoutes.match('/a/b/c/d/e/f/g')).toBeNull();
  });

  it('remembers a matched path, answering the same (a copy each time) until a route is added', () => {
    const table = new RouteTable([entry({ name: 'Any', pattern: '/x/{slug}' })]);
    const first = table.match('/x/one?ref=a');
    expect(first).toMatchObject({ entry: { name: 'Any' }, params: { slug: 'one' } });
    first!.params.slug = 'changed by a caller';
    expect(table.match('/x/one#top')).toMatchObject({ entry: { name: 'Any' }, params: { slug: 'one' } });
    expect(table.match('/x/one/two')).toBeNull();
    table.add(entry({ name: 'Deeper', pattern: '/x/{slug}/two' }));
    expect(table.match('/x/one/two')?.entry.name).toBe('Deeper');
    table.add(entry({ name: 'Static', pattern: '/x/one' }));
    expect(table.match('/x/one')?.entry.name).toBe('Static');
  });
});

describe('URL shapes (spec §2)', () => {
  const host = 'quire.example';
  it('builds user URLs', () => {
    expect(userUrl({ username: 'ada', id: 'u1', hasSubdomain: true, host })).toBe(
      'https://ada.quire.example',
    );
    expect(userUrl({ username: 'ada', id: 'u1', host })).toBe('https://quire.example/@ada');
    expect(userUrl({ username: null, id: 'u1', host })).toBe('https://quire.example/u/u1');
    expect(userUrl({ username: 'ada', id: 'u1', hasSubdomain: true, customDomain: 'ada.dev', host })).toBe(
      'https://ada.dev',
    );
    expect(
      userUrl({ username: 'ada', id: 'u1', customDomain: { domain: 'ada.dev', live: false }, host }),
    ).toBe('https://quire.example/@ada');
  });

  it('builds publication and post URLs', () => {
    expect(collectionUrl({ slug: 'kernel-notes', id: 'c1', host })).toBe(
      'https://quire.example/kernel-notes',
    );
    expect(collectionUrl({ slug: null, id: 'c1', host })).toBe('https://quire.example/c/c1');
    expect(collectionUrl({ slug: 'k', id: 'c1', domain: 'kernel.blog', host })).toBe('https://kernel.blog');
    const user = { username: 'ada', id: 'u1', host };
    expect(postUrl({ postId: '1a2b', slug: 'on-types', user })).toBe(
      'https://quire.example/@ada/on-types-1a2b',
    );
    expect(postUrl({ postId: '1a2b', user, collection: { slug: 'k', id: 'c1', host } })).toBe(
      'https://quire.example/k/1a2b',
    );
  });

  it('strips the entity prefix on a custom domain', () => {
    expect(stripForCustomDomain('/kernel-notes/latest', { collectionSlug: 'kernel-notes' })).toBe('/latest');
    expect(stripForCustomDomain('/kernel-notes', { collectionSlug: 'kernel-notes' })).toBe('/');
    expect(stripForCustomDomain('/@ada/about', { username: 'ada' })).toBe('/about');
    expect(stripForCustomDomain('/@bob/about', { username: 'ada' })).toBe('/@bob/about');
  });

  it('links on the current host only for routes of the current routing entity', () => {
    const onUserDomain = { kind: 'user' as const, host: 'ada.dev', authHost: host };
    expect(linkHost('user', onUserDomain)).toBe('ada.dev');
    expect(linkHost('all', onUserDomain)).toBe(host);
    expect(linkHost('collection', onUserDomain)).toBe(host);
  });
});

describe('isSitePath (where a sign-in may send the browser back to)', () => {
  it('takes paths of this site and refuses what browsers read as another site', () => {
    for (const path of ['/', '/me/lists', '/@writer?tab=about', '/p/0123456789ab#responses']) {
      expect(isSitePath(path), path).toBe(true);
    }
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'me', '', null, 7]) {
      expect(isSitePath(value), String(value)).toBe(false);
    }
  });
});
