import { describe, expect, it } from 'vitest';
import {
  ProfileMenu,
  type ProfileMenuData,
  PublicationMenu,
  type PublicationMenuData,
  ReportDialogView,
  reportButtonLabel,
} from '../src/components/EntityMenu';
import { FollowButton } from '../src/components/FollowButton';
import { stepCount, withFollowing } from '../src/lib/social';
import { renderWithProviders } from './render';

const render = renderWithProviders;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The open menu's items, in order, as [label, href or null]. */
function menuItems(html: string): [string, string | null][] {
  const menu = html.slice(html.indexOf('role="menu"'));
  return [...menu.matchAll(/<(a|button)[^>]*role="menuitem"[^>]*>(.*?)<\/\1>/g)].map((m) => [
    text(m[2]!),
    /href="([^"]+)"/.exec(m[0])?.[1] ?? null,
  ]);
}

const PUBLICATION: PublicationMenuData = {
  id: 'c0ffee000001',
  name: 'The Quarterly',
  slug: 'the-quarterly',
  isAuroraVisible: false,
  viewerEdge: { isEditor: false, isFollowing: false, isMuting: false },
};

const PROFILE: ProfileMenuData = {
  id: 'a11ce0000001',
  name: 'Ada Lovelace',
  username: 'ada',
  viewerEdge: { isUser: false, isFollowing: false, isMuting: false, isBlocking: false },
};

const publicationMenu = (edge: Partial<PublicationMenuData['viewerEdge']>, aurora = false) =>
  menuItems(
    render(
      <PublicationMenu
        publication={{
          ...PUBLICATION,
          isAuroraVisible: aurora,
          viewerEdge: { ...PUBLICATION.viewerEdge, ...edge },
        }}
        initialOpen
      />,
    ),
  );

const profileMenu = (edge: Partial<ProfileMenuData['viewerEdge']>, narrowScreen = false) =>
  menuItems(
    render(
      <ProfileMenu
        user={{ ...PROFILE, viewerEdge: { ...PROFILE.viewerEdge, ...edge } }}
        initialOpen
        narrowScreen={narrowScreen}
      />,
    ),
  );

describe('publication menu by role (spec §2)', () => {
  it('gives an editor or owner the management items, in the spec order, with Feature pages', () => {
    expect(publicationMenu({ isEditor: true })).toEqual([
      ['Stories', '/the-quarterly/stories'],
      ['View Stats', '/the-quarterly/stats'],
      ['Design your publication', '/the-quarterly/design'],
      ['Newsletter', '/the-quarterly/new-newsletter'],
      ['Settings', '/the-quarterly/settings'],
      ['Write a story', '/the-quarterly/new-story'],
      ['Followers', '/the-quarterly/followers'],
      ['Navigation', '/the-quarterly/settings/navigation'],
      ['Feature pages', '/the-quarterly/settings/feature-pages'],
    ]);
  });

  it('leaves out Feature pages when Aurora is visible', () => {
    const labels = publicationMenu({ isEditor: true }, true).map(([label]) => label);
    expect(labels).not.toContain('Feature pages');
    expect(labels).toHaveLength(8);
  });

  it("gives a non-editor 'About {publication}', copy link, follow, mute and report, but no block", () => {
    expect(publicationMenu({})).toEqual([
      ['About The Quarterly', '/the-quarterly/about'],
      ['Copy link', null],
      ['Follow', null],
      ['Mute this publication', null],
      ['Report this publication', null],
    ]);
    const following = publicationMenu({ isFollowing: true, isMuting: true }).map(([label]) => label);
    expect(following).toEqual([
      'About The Quarterly',
      'Copy link',
      'Unfollow',
      'Unmute this publication',
      'Report this publication',
    ]);
  });
});

describe('profile menu by role (spec §2, §5)', () => {
  it("gives the owner only 'Design your profile', a link on desktop", () => {
    expect(profileMenu({ isUser: true })).toEqual([['Design your profile', '/me/design']]);
  });

  it('gives the owner a button on small screens, and the desktop-only dialog it opens', () => {
    expect(profileMenu({ isUser: true }, true)).toEqual([['Design your profile', null]]);
    const html = render(
      <ProfileMenu
        user={{ ...PROFILE, viewerEdge: { ...PROFILE.viewerEdge, isUser: true } }}
        initialDialog="desktopOnly"
      />,
    );
    expect(html).toContain('data-testid="desktop-only-dialog"');
    expect(text(html)).toContain(
      'Only available on desktop To design your profile, view this page from a desktop web browser. Okay, got it',
    );
  });

  it('gives other viewers copy link, follow, mute, block and report', () => {
    expect(profileMenu({})).toEqual([
      ['Copy link', null],
      ['Follow', null],
      ['Mute this author', null],
      ['Block this author', null],
      ['Report this author', null],
    ]);
    expect(profileMenu({ isFollowing: true, isMuting: true, isBlocking: true }).map(([l]) => l)).toEqual([
      'Copy link',
      'Unfollow',
      'Unmute this author',
      'Unblock this author',
      'Report this author',
    ]);
  });

  it('asks before blocking, with the spec dialog texts', () => {
    const html = render(<ProfileMenu user={PROFILE} initialDialog="block" />);
    expect(text(html)).toContain(
      'Block this user? They will no longer be able to follow you or view your content. Cancel Block',
    );
  });
});

describe('report dialog (spec §4 Report)', () => {
  it('offers block checked by default, so the button reads Report and block', () => {
    const html = render(<ProfileMenu user={PROFILE} initialDialog="report" />);
    expect(text(html)).toContain(
      'Report this user? This will flag this user for review with our support team.',
    );
    expect(html).toMatch(/<input type="checkbox" checked=""/);
    expect(text(html)).toContain('Also block this author Cancel Report and block');
  });

  it('reads Report once the box is unchecked', () => {
    const html = render(
      <ReportDialogView
        kind="user"
        blockOffered
        alsoBlock={false}
        onAlsoBlockChange={() => {}}
        onReport={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(html).toMatch(/<input type="checkbox"\/>/);
    expect(text(html)).toContain('Cancel Report');
    expect(text(html)).not.toContain('Report and block');
    expect(reportButtonLabel(true)).toBe('Report and block');
    expect(reportButtonLabel(false)).toBe('Report');
  });

  it('offers no block for an author already blocked (spec §5), nor for a publication', () => {
    const blocked = render(
      <ProfileMenu
        user={{ ...PROFILE, viewerEdge: { ...PROFILE.viewerEdge, isBlocking: true } }}
        initialDialog="report"
      />,
    );
    expect(blocked).not.toContain('type="checkbox"');
    expect(text(blocked)).toMatch(/Cancel Report$/);
    const publication = render(<PublicationMenu publication={PUBLICATION} initialDialog="report" />);
    expect(publication).not.toContain('type="checkbox"');
    expect(text(publication)).toContain('Report this publication?');
  });
});

describe('follow button (spec §4 Follow/unfollow)', () => {
  const target = { kind: 'user' as const, id: PROFILE.id, name: PROFILE.name };

  it("reads 'Follow' or 'Following' and is hidden on the viewer's own profile", () => {
    expect(text(render(<FollowButton target={target} isFollowing={false} followSource="profile" />))).toBe(
      'Follow',
    );
    const on = render(<FollowButton target={target} isFollowing followSource="profile" />);
    expect(text(on)).toBe('Following');
    expect(on).toContain('aria-pressed="true"');
    expect(render(<FollowButton target={target} isFollowing={false} isSelf followSource="profile" />)).toBe(
      '',
    );
  });

  it('moves counts by one and never below zero', () => {
    const entity = { followerCount: 0, viewerEdge: { isFollowing: true } };
    expect(withFollowing(entity, false)).toEqual({ followerCount: 0, viewerEdge: { isFollowing: false } });
    expect(withFollowing({ followerCount: 4, viewerEdge: { isFollowing: false } }, true).followerCount).toBe(
      5,
    );
    // Already in that state: nothing changes (no double count).
    expect(withFollowing({ followerCount: 4, viewerEdge: { isFollowing: true } }, true).followerCount).toBe(
      4,
    );
    expect(stepCount(0, false)).toBe(0);
    expect(stepCount(2, false)).toBe(1);
  });
});
