import type { RouterOutputs } from '@quire/api';
import { TOP_NAV_TOOLTIP_FLAG, track, useFirstUseStore, useSusiStore } from '@quire/client-state';
import {
  dialogTexts,
  firstUseTooltip,
  LAYOUT,
  PRODUCT_NAME,
  type SusiOperation,
  topBarTexts,
} from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { useDismissFlag } from '../lib/dismiss-flag';
import { useHydrated } from '../lib/hydrated';
import { usePageLocation } from '../lib/location';
import { useMutation } from '../lib/mutation';
import type { PreloadedState } from '../state';
import { useTRPC } from '../trpc';
import { AvatarMenu } from './AvatarMenu';
import { NotificationsBell } from './NotificationsBell';
import { PreloadLink } from './PreloadLink';
import { SearchBox } from './SearchBox';
import { loadAuthUi } from './susi';
import { topBarFadeStyle, useScrollDirection } from './useScrollDirection';

const preload = () => void loadAuthUi().catch(() => {});

/**
 * Sign up / Sign In: links to /m/signin until the page is interactive (they work without JavaScript), then
 * buttons that open the modal over the current page.
 */
export function SusiEntry({
  operation,
  entryPoint = null,
  className,
  children,
}: {
  operation: SusiOperation;
  /** What asked for an account (spec §4: entry points such as the paywall skip onboarding). */
  entryPoint?: string | null;
  className?: string;
  children: string;
}) {
  const hydrated = useHydrated();
  const location = usePageLocation();
  const here = `${location.pathname}${location.search}`;
  const onSigninPage = location.pathname === '/m/signin';
  if (hydrated) {
    return (
      <button
        type="button"
        className={className ?? 'q-link-button'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() =>
          useSusiStore
            .getState()
            .open(undefined, operation, entryPoint, { redirect: onSigninPage ? null : here })
        }
      >
        {children}
      </button>
    );
  }
  const query = new URLSearchParams();
  if (operation === 'register') query.set('operation', operation);
  if (entryPoint) query.set('entry', entryPoint);
  if (!onSigninPage && here !== '/') query.set('redirect', here);
  const search = query.toString();
  return (
    <a href={`/m/signin${search ? `?${search}` : ''}`} className={className}>
      {children}
    </a>
  );
}

/** Not from the spec (§4 gives only the conditions and 'Got it'): the style reminder's wording. */
export const STYLE_REMINDER_TEXT =
  'Make your stories look like you: choose fonts and colours in Design your profile.';

type MeData = RouterOutputs['viewer']['me'];

/** Local storage of the browser, or null where it is unavailable (server, privacy modes). */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Spec §2 first-use tooltip on the logo: signed-in users dismiss it through DismissFlag (recorded on the
 * server, so the server leaves it out), visitors in local storage. A visitor's page is the same HTML for everyone
 * (it may come from the page cache): the boot script hides the tooltip before the first paint where this browser
 * dismissed it, and after hydration it is left out.
 */
function LogoTooltip({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const hydrated = useHydrated();
  const dismissedNow = useFirstUseStore((s) => s.dismissed.includes(TOP_NAV_TOOLTIP_FLAG));
  const dismissFlag = useDismissFlag();
  if (dismissedNow || viewer?.dismissableFlags.includes(TOP_NAV_TOOLTIP_FLAG)) return null;
  if (
    !viewer &&
    hydrated &&
    useFirstUseStore.getState().isDismissed(TOP_NAV_TOOLTIP_FLAG, null, browserStorage())
  )
    return null;
  const onDismiss = () => {
    useFirstUseStore.getState().dismiss(TOP_NAV_TOOLTIP_FLAG, viewer ? null : browserStorage());
    // Visitors keep the dismissal in local storage only.
    dismissFlag(TOP_NAV_TOOLTIP_FLAG, { record: !!viewer });
  };
  return (
    <div
      className="q-tooltip q-logo-tooltip"
      role="dialog"
      aria-label={firstUseTooltip.text(PRODUCT_NAME)}
      style={{
        position: 'relative',
        margin: `${LAYOUT.popoverDefaultDistance}px ${LAYOUT.gutter}px 0`,
        width: `min(${LAYOUT.popoverDefaultWidth + 80}px, 100% - ${2 * LAYOUT.gutter}px)`,
        boxSizing: 'border-box',
        padding: LAYOUT.popoverPadding,
        background: 'var(--q-inverse-bg)',
        color: 'var(--q-inverse-text)',
        borderRadius: 4,
        fontSize: 14,
      }}
    >
      <p style={{ margin: '0 0 8px' }}>{firstUseTooltip.text(PRODUCT_NAME)}</p>
      <button
        type="button"
        className="q-link-button"
        style={{ color: 'var(--q-inverse-text)' }}
        onClick={onDismiss}
      >
        {firstUseTooltip.dismiss}
      </button>
    </div>
  );
}

/** Spec §4 style reminder popover: once, to a writer with a published story who has not seen it. */
export function shouldShowStyleReminder(me: MeData | undefined): boolean {
  // The model has no custom stylesheet yet, so every viewer counts as having none.
  return !!me && !me.hasSeenStyleReminder && me.userPostCounts.publishedPosts > 0;
}

function StyleReminder({ me }: { me: MeData | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const seen = useMutation(
    trpc.viewer.setStyleReminderSeen.mutationOptions({
      onSuccess: () =>
        queryClient.setQueryData(trpc.viewer.me.queryKey(), (old) =>
          old ? { ...old, hasSeenStyleReminder: true } : old,
        ),
    }),
  );
  if (closed || !shouldShowStyleReminder(me)) return null;
  return (
    <div
      className="q-popover q-style-reminder"
      role="dialog"
      aria-label={STYLE_REMINDER_TEXT}
      style={{
        position: 'absolute',
        top: LAYOUT.topBarHeight - 4,
        right: LAYOUT.gutter,
        zIndex: 25,
        width: LAYOUT.popoverDefaultWidth + 40,
        padding: LAYOUT.popoverPadding,
        background: 'var(--q-bg)',
        boxShadow: '0 2px 10px var(--q-shadow)',
        fontSize: 14,
      }}
    >
      <p style={{ margin: '0 0 8px' }}>{STYLE_REMINDER_TEXT}</p>
      <button
        type="button"
        className="q-link-button"
        onClick={() => {
          setClosed(true);
          seen.mutate();
          track('user.dismissedPopover', { flag: 'style_reminder', action: 'DISMISSED' });
        }}
      >
        {dialogTexts.gotIt}
      </button>
    </div>
  );
}

/**
 * Spec §2 top bar actions, also the legacy bar's: Write, then the avatar menu for a signed-in reader or
 * Sign up / Sign In.
 */
export function TopBarActions({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const me = useQuery({ ...trpc.viewer.me.queryOptions(), enabled: hydrated && !!viewer });
  return (
    <nav className="q-topbar-actions" aria-label="Main">
      <a href="/new-story">{topBarTexts.write}</a>
      {viewer ? (
        <>
          <NotificationsBell />
          <AvatarMenu viewer={viewer} />
          <StyleReminder me={me.data ?? undefined} />
        </>
      ) : (
        <>
          <SusiEntry operation="register" className="q-button q-button-dark">
            {topBarTexts.signUp}
          </SusiEntry>
          <SusiEntry operation="login">{topBarTexts.signIn}</SusiEntry>
        </>
      )}
    </nav>
  );
}

/**
 * Spec §2/§4 top bar: sticky; logo (with the first-use tooltip), Write, and Sign up / Sign In or the
 * avatar menu. Hidden while scrolling down past 40px, shown again at the top, with a 300ms fade.
 */
export function TopBar({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const hydrated = useHydrated();
  const { hidden } = useScrollDirection();
  const location = usePageLocation();
  const onLogoClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // Spec §2: the logo goes home, and scrolls to the top when already there.
    if (location.pathname === '/' && hydrated) {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };
  return (
    <>
      <header className="q-topbar" style={topBarFadeStyle(hidden)} data-hidden={hidden ? 'true' : undefined}>
        <PreloadLink className="q-logo" href="/" aria-label="Quire home" onClick={onLogoClick}>
          Quire
        </PreloadLink>
        <SearchBox />
        <TopBarActions viewer={viewer} />
      </header>
      {/* Under the bar in the page's flow, so it never covers a page's title. */}
      <LogoTooltip viewer={viewer} />
    </>
  );
}
