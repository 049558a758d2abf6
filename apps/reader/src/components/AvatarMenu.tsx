import { useSessionStore } from '@quire/client-state';
import {
  ADMIN_COLLECTIONS_SHOWN,
  accountMenuTexts,
  greetingAt,
  LAYOUT,
  logTexts,
  memberSinceLabel,
} from '@quire/domain';
import { Avatar, MemberStarIcon } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useHydrated } from '../lib/hydrated';
import type { PreloadedState } from '../state';
import { useTRPC } from '../trpc';
import { PreloadLink } from './PreloadLink';

/** What the account menu shows: the preloaded viewer, completed by `viewer.me` once the menu opens. */
export interface AvatarMenuData {
  id: string;
  name: string;
  username: string;
  email: string | null;
  /** The viewer's photo, null for the initials. */
  imageId?: string | null;
  isMember: boolean;
  /** Epoch ms; null until known (the 'Member since' line waits for it). */
  mediumMemberAt: number | null;
  isPartnerProgramEnrolled: boolean;
  /** The new-profile flag: hides Series and Profile. */
  isAuroraVisible: boolean;
  adminCollections: readonly { id: string; name: string; slug: string; avatarId: string | null }[];
}

/** Spec §2 account menu destinations (spec §2 Paths). */
export const avatarMenuPaths = {
  newStory: '/new-story',
  stories: '/me/stories',
  series: '/me/series',
  stats: '/me/stats',
  design: '/me/design',
  settings: '/me/settings',
  lists: '/me/lists',
  publications: '/me/publications',
  recommendations: '/me/missioncontrol',
  partnerDashboard: '/me/partner/dashboard',
  partnerInfo: '/m/partner-program',
  gift: '/gift',
  membership: '/membership',
  help: '/help',
  privacy: '/privacy',
  terms: '/m/tos',
  profile: (username: string) => `/@${username}`,
  publication: (slug: string) => `/${slug}`,
} as const;

/** Spec §2: Sign out only with an anti-forgery token; shows the email. */
function SignOut({ xsrf, email }: { xsrf: string | null; email: string | null }) {
  if (!xsrf) return null;
  return (
    <a className="q-menu-item" href={`/m/signout/${encodeURIComponent(xsrf)}`}>
      {accountMenuTexts.signOut}
      {email ? <span className="q-menu-secondary"> {email}</span> : null}
    </a>
  );
}

// Spec §9: the account menu is 264 px wide; the rest of its look is in auth.css.
const menuStyle: CSSProperties = { width: LAYOUT.avatarMenuWidth };

function Item({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="q-menu-item" href={href}>
      {children}
    </a>
  );
}

/** A menu item to a preloadable page (spec §2): its data loads on hover or focus. */
function PreloadItem({ href, children }: { href: string; children: ReactNode }) {
  return (
    <PreloadLink className="q-menu-item" href={href}>
      {children}
    </PreloadLink>
  );
}

/**
 * Spec §2 account menu, in order: header, Write a story, Stories, Series, Stats, Design your profile, Settings,
 * Lists, publications, recommendations, Partner Program, Gift / Become a member, Profile, Help, Sign out,
 * Privacy and Terms. `now` is given only in the browser (the greeting depends on the local hour).
 */
export function AvatarMenuContent({
  data,
  xsrf,
  now,
  showDesignProfile = false,
}: {
  data: AvatarMenuData;
  /** The anti-forgery token (spec §3 session.xsrf); without it there is no Sign out. */
  xsrf: string | null;
  now?: Date | null;
  showDesignProfile?: boolean;
}) {
  const memberSince = data.isMember ? memberSinceLabel(data.mediumMemberAt) : null;
  const admin = data.adminCollections;
  return (
    <div className="q-menu q-avatar-menu-panel" role="menu" style={menuStyle} data-testid="avatar-menu">
      <a className="q-menu-item q-menu-header" href={avatarMenuPaths.profile(data.username)}>
        <Avatar name={data.name} imageId={data.imageId} size="S" />{' '}
        {now ? <span className="q-menu-greeting">{greetingAt(now)}, </span> : null}
        <strong className="q-menu-name">{data.name}</strong>{' '}
        <span className="q-menu-secondary">@{data.username}</span>
        {data.isMember ? <span className="q-member-badge"> {accountMenuTexts.member}</span> : null}
      </a>
      <hr className="q-menu-rule" />
      <Item href={avatarMenuPaths.newStory}>{accountMenuTexts.writeAStory}</Item>
      <PreloadItem href={avatarMenuPaths.stories}>{accountMenuTexts.stories}</PreloadItem>
      {data.isAuroraVisible ? null : <Item href={avatarMenuPaths.series}>{accountMenuTexts.series}</Item>}
      <Item href={avatarMenuPaths.stats}>{accountMenuTexts.stats}</Item>
      {showDesignProfile ? (
        <Item href={avatarMenuPaths.design}>{accountMenuTexts.designYourProfile}</Item>
      ) : null}
      <Item href={avatarMenuPaths.settings}>{accountMenuTexts.settings}</Item>
      <Item href={avatarMenuPaths.lists}>{accountMenuTexts.lists}</Item>
      <hr className="q-menu-rule" />
      <Item href={avatarMenuPaths.publications}>
        {admin.length > 0 ? accountMenuTexts.managePublications : accountMenuTexts.publications}
      </Item>
      {admin.slice(0, ADMIN_COLLECTIONS_SHOWN).map((c) => (
        <a key={c.id} className="q-menu-item q-menu-publication" href={avatarMenuPaths.publication(c.slug)}>
          {c.name}
        </a>
      ))}
      {admin.length > ADMIN_COLLECTIONS_SHOWN ? (
        <Item href={avatarMenuPaths.publications}>{accountMenuTexts.seeAllPublications}</Item>
      ) : null}
      <Item href={avatarMenuPaths.recommendations}>{accountMenuTexts.controlYourRecommendations}</Item>
      {data.isPartnerProgramEnrolled ? (
        <Item href={avatarMenuPaths.partnerDashboard}>{accountMenuTexts.partnerProgram}</Item>
      ) : (
        <Item href={avatarMenuPaths.partnerInfo}>{accountMenuTexts.applyToPartnerProgram}</Item>
      )}
      <hr className="q-menu-rule" />
      {data.isMember ? (
        <Item href={avatarMenuPaths.gift}>{accountMenuTexts.giftAMembership}</Item>
      ) : (
        <Item href={avatarMenuPaths.membership}>{accountMenuTexts.becomeAMember}</Item>
      )}
      {data.isAuroraVisible ? null : (
        <Item href={avatarMenuPaths.profile(data.username)}>{accountMenuTexts.profile}</Item>
      )}
      <Item href={avatarMenuPaths.help}>{accountMenuTexts.help}</Item>
      <SignOut xsrf={xsrf} email={data.email} />
      <hr className="q-menu-rule" />
      {memberSince ? <span className="q-menu-item q-menu-secondary">{memberSince}</span> : null}
      <div className="q-menu-legal">
        <Item href={avatarMenuPaths.privacy}>{accountMenuTexts.privacy}</Item>
        <Item href={avatarMenuPaths.terms}>{accountMenuTexts.terms}</Item>
      </div>
    </div>
  );
}

type Viewer = NonNullable<PreloadedState['viewer']>;

/** The account menu behind the avatar: loads `viewer.me` with React Query when it first opens. */
export function AvatarMenu({ viewer, showDesignProfile }: { viewer: Viewer; showDesignProfile?: boolean }) {
  const trpc = useTRPC();
  const xsrf = useSessionStore((s) => s.xsrf);
  const hydrated = useHydrated();
  // Spec §2: without the token there is no Sign out, and 'No xsrf token found.' is logged.
  useEffect(() => {
    if (hydrated && !useSessionStore.getState().xsrf) console.warn(logTexts.noXsrfToken);
  }, [hydrated]);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const me = useQuery({ ...trpc.viewer.me.queryOptions(), enabled: opened });
  const full = me.data;
  const data: AvatarMenuData = {
    id: viewer.id,
    name: full?.name ?? viewer.name,
    username: full?.username ?? viewer.username,
    email: full ? full.email : viewer.email,
    imageId: viewer.imageId,
    isMember: full ? full.mediumMemberAt > 0 : viewer.isMember,
    mediumMemberAt: full ? full.mediumMemberAt : null,
    isPartnerProgramEnrolled: full?.isPartnerProgramEnrolled ?? false,
    isAuroraVisible: full?.isAuroraVisible ?? false,
    adminCollections: full?.adminCollections ?? [],
  };
  return (
    <details
      className="q-avatar-menu"
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      <summary className="q-avatar q-avatar-summary" title={viewer.name}>
        <Avatar name={viewer.name} imageId={viewer.imageId} size="XS" />
        <span className="q-visually-hidden">{viewer.name}</span>
        {viewer.isMember ? (
          <span className="q-avatar-summary-star" title={accountMenuTexts.member}>
            <MemberStarIcon size={12} />
          </span>
        ) : null}
      </summary>
      <AvatarMenuContent
        data={data}
        xsrf={xsrf}
        now={open ? new Date() : null}
        showDesignProfile={showDesignProfile}
      />
    </details>
  );
}
