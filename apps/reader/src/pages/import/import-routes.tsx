import { importTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';

// The import pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/import/ImportPages.tsx', () => import('./ImportPages'));
const ImportPage = pages('ImportPage');
const RepostPage = pages('RepostPage');

/** Spec §2 Writing: importing a story (/p/import) and reposting one's own (/new-story/repost/{repostId}). */
export const importRoutes: PageRoute[] = [
  signedInRoute(
    '/p/import',
    'ShowPImport',
    'the story import',
    { head: () => ({ title: texts.title }) },
    () => <ImportPage />,
    async () => 200,
  ),
  signedInRoute(
    '/new-story/repost/:repostId',
    'ShowNewStoryRepostByRepostId',
    'the repost of your story',
    { head: () => ({ title: texts.repostTitle }) },
    ({ params }) => <RepostPage postId={params.repostId ?? ''} />,
    ({ trpc, queryClient }, params) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(trpc.imports.repostable.queryOptions({ postId: params.repostId ?? '' })),
      ),
  ),
];
