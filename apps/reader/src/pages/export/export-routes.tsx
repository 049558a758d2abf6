import { exportTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';
import { exportQueries } from './export-queries';

// The export pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/export/ExportPages.tsx', () => import('./ExportPages'));
const ExportHomePage = pages('ExportHomePage');
const ExportPage = pages('ExportPage');

/** Spec §2 /me/export[/{exportId}]: the viewer's data exports; another user's export id is a 404. */
export const exportRoutes: PageRoute[] = [
  signedInRoute(
    '/me/export',
    'ShowMeExport',
    'your data exports',
    { head: () => ({ title: texts.title }) },
    () => <ExportHomePage />,
    ({ trpc, queryClient }) => prefetchSignedIn(() => queryClient.fetchQuery(exportQueries(trpc).list())),
  ),
  signedInRoute(
    '/me/export/:exportId',
    'ShowMeExportByExportId',
    'your data export',
    { head: () => ({ title: texts.exportTitle }) },
    ({ params }) => <ExportPage exportId={params.exportId ?? ''} />,
    ({ trpc, queryClient }, params) =>
      prefetchSignedIn(() => queryClient.fetchQuery(exportQueries(trpc).byId(params.exportId ?? ''))),
  ),
];
