import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Avatar,
  avatarHue,
  BellIcon,
  BookmarkIcon,
  Button,
  ClapIcon,
  EmptyState,
  initialsOf,
  MemberStar,
  MoreIcon,
  ResponseIcon,
  Skeleton,
  StoryCardSkeleton,
  Thumbnail,
} from '../src';
import { shapesMarkup } from '../src/icons';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('Avatar', () => {
  it('draws initials under a cropped photo at the spec size, with a 2x source', () => {
    const out = html(<Avatar name="Ada Lovelace" imageId="u1.jpg" size="S" />);
    expect(out).toContain('>AL</span>');
    expect(out).toContain('src="/media/u1.jpg?w=40&amp;h=40&amp;s=crop"');
    expect(out).toContain('/media/u1.jpg?w=40&amp;h=40&amp;s=crop&amp;dpr=2 2x');
    expect(out).toContain('width="40" height="40"');
    expect(out).toContain('alt=""');
  });

  it('draws only the initials without a photo, named when it stands alone', () => {
    const out = html(<Avatar name="grace" size="XL" label="Grace’s profile" />);
    expect(out).not.toContain('<img');
    expect(out).toContain('>G</span>');
    expect(out).toContain('role="img" aria-label="Grace’s profile"');
    expect(out).toContain('width:80px;height:80px');
  });

  it('lazy-loads when asked, and rounds publication logos as squares', () => {
    const out = html(<Avatar name="The Daily" imageId="p.png" shape="square" lazy />);
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('q-avatar-square');
  });

  it('takes initials from letters only, and keeps a colour per name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  jean-luc  picard ')).toBe('JP');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('!!!')).toBe('?');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('李小龙')).toBe('李');
    expect(avatarHue('Ada')).toBe(avatarHue('Ada'));
    expect(avatarHue('Ada')).toBeGreaterThanOrEqual(0);
    expect(avatarHue('Ada')).toBeLessThan(360);
  });
});

describe('Thumbnail', () => {
  it('offers crops at each width with the box aspect ratio, sized so nothing shifts', () => {
    const out = html(
      <Thumbnail
        imageId="demo-1.jpg"
        width={160}
        height={107}
        widths={[80, 160, 320]}
        sizes="(max-width: 551px) 80px, 160px"
      />,
    );
    expect(out).toContain('src="/media/demo-1.jpg?w=160&amp;h=107&amp;s=crop"');
    expect(out).toContain(
      'srcSet="/media/demo-1.jpg?w=80&amp;h=54&amp;s=crop 80w, /media/demo-1.jpg?w=160&amp;h=107&amp;s=crop 160w, /media/demo-1.jpg?w=320&amp;h=214&amp;s=crop 320w"',
    );
    expect(out).toContain('width="160" height="107"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('sizes="(max-width: 551px) 80px, 160px"');
  });

  it('loads at once above the fold', () => {
    const out = html(<Thumbnail imageId="a" width={100} height={50} eager />);
    expect(out).toContain('loading="eager"');
    expect(out).toContain('fetchPriority="high"');
  });
});

describe('icons', () => {
  it('are inline SVGs hidden from screen readers', () => {
    for (const Icon of [ClapIcon, BookmarkIcon, BellIcon, ResponseIcon, MoreIcon]) {
      const out = html(<Icon size={20} />);
      expect(out).toMatch(/^<svg[^>]*aria-hidden="true"/);
      expect(out).toContain('width="20"');
      // The stroke style is the stylesheet's, once for every icon.
      expect(out).toMatch(/^<svg[^>]*class="q-icon[ "]/);
      expect(out).not.toContain('stroke=');
    }
  });

  it("draw Lucide's shapes, filled on request", () => {
    expect(html(<BellIcon />)).toBe(
      '<svg width="24" height="24" viewBox="0 0 24 24" class="q-icon" aria-hidden="true" focusable="false">' +
        '<path d="M10.268 21a2 2 0 0 0 3.464 0"></path><path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"></path></svg>',
    );
    expect(html(<BookmarkIcon filled className="mine" />)).toMatch(
      /^<svg[^>]*class="q-icon q-icon-filled mine"/,
    );
    expect(html(<MoreIcon />)).toContain('<circle cx="12" cy="12" r="1"></circle>');
    // Only the clap's hand fills; its burst stays a stroke.
    const clapped = html(<ClapIcon filled />);
    expect(clapped.match(/fill="currentColor"/g)).toHaveLength(1);
    expect(html(<ClapIcon />)).not.toContain('fill=');
  });

  it('write shapes as markup, in SVG spelling and escaped', () => {
    expect(shapesMarkup([['g', { strokeWidth: 2, key: 'k' }, [['path', { d: 'M0 0"<&' }]]]])).toBe(
      '<g stroke-width="2"><path d="M0 0&quot;&lt;&amp;"></path></g>',
    );
  });

  it('names the members-only star for screen readers', () => {
    const out = html(<MemberStar label="Member-only story" />);
    expect(out).toContain('title="Member-only story"');
    expect(out).toContain('<span class="q-visually-hidden">Member-only story</span>');
  });
});

describe('buttons, skeletons and empty states', () => {
  it('renders a typed button in the chosen look', () => {
    expect(html(<Button variant="dark">Follow</Button>)).toBe(
      '<button type="button" class="q-button q-button-dark">Follow</button>',
    );
  });

  it('keeps skeletons out of the accessibility tree but announces loading once', () => {
    expect(html(<Skeleton width={40} />)).toContain('aria-hidden="true"');
    const cards = html(<StoryCardSkeleton count={2} />);
    expect(cards.match(/q-story-card-skeleton/g)).toHaveLength(2);
    expect(cards).toContain('role="status" aria-label="Loading stories"');
  });

  it('offers the next step in an empty state', () => {
    const out = html(
      <EmptyState title="No stories yet" action={<a href="/new-story">Write a story</a>} testId="empty">
        <p>Stories you write appear here.</p>
      </EmptyState>,
    );
    expect(out).toContain('data-testid="empty"');
    expect(out).toContain('<p class="q-empty-state-title">No stories yet</p>');
    expect(out).toContain('<a href="/new-story">Write a story</a>');
  });
});
