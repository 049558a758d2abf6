import { accountTexts as texts } from '@quire/domain';
import { SignInToSee } from '../../components/SignInToSee';
import { discoveryQueries } from '../../lib/discovery-queries';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { profileUsername } from '../page-params';
import { publicationEditRoute } from '../publication-admin/publication-design-routes';

// The account pages load on demand (see lib/lazy-page.tsx); /me/about is the profile's own about page.
const account = lazyPages('src/pages/settings/AccountPages.tsx', () => import('./AccountPages'));
const ProfileEditPage = account('ProfileEditPage');
const DesignPage = account('DesignPage');
const SendVerifyPage = account('SendVerifyPage');
const profileSub = lazyPages('src/pages/ProfileSubPages.tsx', () => import('../ProfileSubPages'));
const ProfileAboutPage = profileSub('ProfileAboutPage');

/** The viewer's account settings, loaded with the page; a visitor's page asks them to sign in. */
export const prefetchAccount = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(trpc.account.settings.queryOptions()));

/** The viewer's username, once their settings are loaded (null for a visitor). */
const viewerUsername = (ctx: PrefetchContext) =>
  ctx.queryClient.getQueryData(ctx.trpc.account.settings.queryKey())?.username ?? null;

/** /me/about: the viewer's about page, with its header, loaded like /@{username}/about. */
async function prefetchMeAbout(ctx: PrefetchContext): Promise<number> {
  const status = await prefetchAccount(ctx);
  const username = viewerUsername(ctx);
  if (status !== 200 || !username) return status;
  const q = discoveryQueries(ctx.trpc);
  await Promise.all([
    ctx.queryClient.prefetchQuery(q.profile(username)),
    ctx.queryClient.prefetchQuery(q.profileAbout(username)),
  ]);
  return 200;
}

/**
 * Spec §2 /@{username}/edit, for the profile's owner: a visitor is asked to sign in, anyone else (or an old
 * username, which then redirects) gets the 404 page. '/{collectionSlug}/edit' is the publication's design page.
 */
const profileEdit: PageRoute = {
  path: '/:owner/edit',
  name: 'ShowUserEdit',
  dispatch: (params) => (profileUsername(params.owner) ? profileEdit : publicationEditRoute),
  render: (props) => {
    const { params, viewer } = props;
    const username = profileUsername(params.owner);
    if (!username) return publicationEditRoute.render(props);
    if (!viewer) return <SignInToSee what="your profile" redirect={`/@${username}/edit`} />;
    return viewer.username === username ? <ProfileEditPage /> : <NotFoundPage />;
  },
  prefetch: async (ctx, params) => {
    const username = profileUsername(params.owner);
    if (!username) return 404;
    const status = await prefetchAccount(ctx);
    const mine = viewerUsername(ctx);
    return status !== 200 || (mine !== null && mine !== username) ? 404 : 200;
  },
  head: () => ({ title: texts.editProfileTitle }),
};

/** The viewer's own account pages (spec §2 Your pages and Profiles). */
export const accountRoutes: PageRoute[] = [
  profileEdit,
  signedInRoute(
    '/me/about',
    'ShowMeAbout',
    'your profile',
    { head: () => ({ title: texts.aboutTitle }) },
    ({ viewer }) => <ProfileAboutPage username={viewer?.username ?? ''} />,
    prefetchMeAbout,
  ),
  signedInRoute(
    '/me/design',
    'ShowMeDesign',
    'your profile',
    { head: () => ({ title: texts.designTitle }) },
    () => <DesignPage />,
    prefetchAccount,
  ),
  signedInRoute(
    '/me/styles',
    'ShowMeStyles',
    'your profile',
    { head: () => ({ title: texts.designTitle }) },
    () => <DesignPage />,
    prefetchAccount,
  ),
  signedInRoute(
    '/me/send-verify',
    'ShowMeSendVerify',
    'your email',
    { head: () => ({ title: texts.sendVerifyTitle }) },
    () => <SendVerifyPage />,
    prefetchAccount,
  ),
];
