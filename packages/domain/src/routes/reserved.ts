import { routeEntries } from './table';

/**
 * First path segments the server answers itself, outside the spec's route table: its API, its static files and
 * the names people expect a site to keep for itself.
 */
const SERVER_SEGMENTS = [
  'trpc',
  'static',
  'assets',
  'api',
  'admin',
  'www',
  'mail',
  'support',
  'status',
  'blog',
];

let reserved: ReadonlySet<string> | null = null;

/**
 * Whether a publication may not take this slug: '/{slug}' would shadow a page of the route table (its first
 * segment: 'me', 'search', 'new-publication'…) or a path the server keeps.
 */
export function isReservedSlug(slug: string): boolean {
  reserved ??= new Set([
    ...SERVER_SEGMENTS,
    ...routeEntries()
      .map((entry) => entry.pattern.split('/')[1] ?? '')
      .filter((segment) => segment && !segment.includes('{')),
  ]);
  return reserved.has(slug.toLowerCase());
}
