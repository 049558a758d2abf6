/** What the editor page at a path does (spec §2 "Writing" paths this app is served at). */
export type EditorRoute =
  | { kind: 'new'; collectionSlug: string | null }
  | { kind: 'edit'; postId: string }
  | { kind: 'revert'; postId: string; versionId: string; baseRev: number }
  | { kind: 'unknown' };

const POST_ID = '([0-9a-f]{8,16})';
const SEGMENT = '([^/]+)';

const patterns: Array<[RegExp, (m: RegExpExecArray) => EditorRoute]> = [
  [/^\/new-story$/, () => ({ kind: 'new', collectionSlug: null })],
  [new RegExp(`^/p/${POST_ID}/edit$`), (m) => ({ kind: 'edit', postId: m[1]! })],
  [
    new RegExp(`^/p/${POST_ID}/revert/${SEGMENT}/(\\d{1,9})$`),
    (m) => ({ kind: 'revert', postId: m[1]!, versionId: decodeURIComponent(m[2]!), baseRev: Number(m[3]) }),
  ],
  // /@{username}/{postId}/edit and /{collectionSlug}/{postId}/edit: the post id is what matters.
  [new RegExp(`^/${SEGMENT}/(?:[\\w-]*-)?${POST_ID}/edit$`), (m) => ({ kind: 'edit', postId: m[2]! })],
  [
    new RegExp(`^/${SEGMENT}/new-story$`),
    (m) => {
      const slug = decodeURIComponent(m[1]!);
      return slug.startsWith('@') || slug === 'p'
        ? { kind: 'unknown' }
        : { kind: 'new', collectionSlug: slug };
    },
  ],
];

/** Parses `location.pathname` into the editor's route. */
export function editorRoute(pathname: string): EditorRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, build] of patterns) {
    const m = pattern.exec(path);
    if (m) return build(m);
  }
  return { kind: 'unknown' };
}

/** The canonical editing path of a story. */
export const editPath = (postId: string) => `/p/${postId}/edit`;

/** Where signed-out writers go to sign in and come back (spec §2 /m/signin with a redirect). */
export const signInPath = (redirect = '/new-story') =>
  `/m/signin?redirect=${encodeURIComponent(redirect).replace(/%2F/g, '/').replace(/%40/g, '@')}`;
