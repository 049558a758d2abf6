import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AvatarMenuContent, type AvatarMenuData } from '../src/components/AvatarMenu';

const BASE: AvatarMenuData = {
  id: 'u1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  isMember: false,
  mediumMemberAt: 0,
  isPartnerProgramEnrolled: false,
  isAuroraVisible: false,
  adminCollections: [],
};

const pubs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: `Pub ${i}`, slug: `pub-${i}`, avatarId: null }));

/** The menu's visible texts in document order. */
function items(
  data: Partial<AvatarMenuData>,
  opts: { now?: Date; showDesignProfile?: boolean; xsrf?: string | null } = {},
) {
  const html = renderToStaticMarkup(
    <AvatarMenuContent
      data={{ ...BASE, ...data }}
      xsrf={opts.xsrf === undefined ? 'tok' : opts.xsrf}
      now={opts.now}
      showDesignProfile={opts.showDesignProfile}
    />,
  );
  return html
    .split(/(?=<(?:a|span) class="q-menu-item)/)
    .slice(1)
    .map((part) =>
      part
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

describe('account menu (spec §2)', () => {
  it('lists a non-member’s items in the spec order', () => {
    expect(items({})).toEqual([
      'AL Ada Lovelace @ada',
      'Write a story',
      'Stories',
      'Series',
      'Stats',
      'Settings',
      'Lists',
      'Publications',
      'Control your recommendations',
      'Apply to the Partner Program',
      'Become a member',
      'Profile',
      'Help',
      'Sign out ada@example.com',
      'Privacy',
      'Terms',
    ]);
  });

  it('lists a member’s items: badge, Partner Program, Gift a membership and Member since', () => {
    const list = items(
      {
        isMember: true,
        mediumMemberAt: Date.UTC(2021, 2, 15),
        isPartnerProgramEnrolled: true,
        isAuroraVisible: true,
      },
      { showDesignProfile: true },
    );
    expect(list).toEqual([
      'AL Ada Lovelace @ada Member',
      'Write a story',
      'Stories',
      'Stats',
      'Design your profile',
      'Settings',
      'Lists',
      'Publications',
      'Control your recommendations',
      'Partner Program',
      'Gift a membership',
      'Help',
      'Sign out ada@example.com',
      'Member since March 2021',
      'Privacy',
      'Terms',
    ]);
  });

  it('shows the first 3 admin publications under Manage publications, then See all publications', () => {
    const list = items({ adminCollections: pubs(4) });
    const at = list.indexOf('Manage publications');
    expect(list.slice(at, at + 5)).toEqual([
      'Manage publications',
      'Pub 0',
      'Pub 1',
      'Pub 2',
      'See all publications',
    ]);
    expect(items({ adminCollections: pubs(3) })).not.toContain('See all publications');
  });

  it('has no Sign out without an anti-forgery token', () => {
    const html = renderToStaticMarkup(<AvatarMenuContent data={BASE} xsrf={null} />);
    expect(html).not.toContain('Sign out');
    expect(html).toContain('width:264px');
  });

  it('greets by the hour when opened in the browser', () => {
    const at = (h: number) =>
      renderToStaticMarkup(<AvatarMenuContent data={BASE} xsrf={null} now={new Date(2024, 0, 1, h)} />);
    expect(at(9)).toContain('Good morning');
    expect(at(14)).toContain('Good afternoon');
    expect(at(19)).toContain('Good evening');
    expect(renderToStaticMarkup(<AvatarMenuContent data={BASE} xsrf={null} />)).not.toContain('Good ');
  });
});
