import type { PostCard } from '@quire/api';
import { CARD_SUBTITLE_MAX_CHARS } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { PostCardItem } from '../src/components/PostCardItem';
import { StoryList } from '../src/components/StoryList';
import { renderWithProviders } from './render';

const card = (over: Partial<PostCard> = {}): PostCard => ({
  id: 'abc123def456',
  title: 'How to read more',
  subtitle: 'A short subtitle',
  uniqueSlug: 'how-to-read-more-abc123def456',
  mediumUrl: '/@ada/how-to-read-more-abc123def456',
  previewImageId: 'demo-3.jpg',
  isLocked: false,
  latestPublishedAt: '2026-03-04T10:00:00.000Z',
  readingTime: 4.4,
  clapCount: 1234,
  responsesCount: 1,
  creator: { id: 'u1', name: 'Ada Lovelace', username: 'ada', imageId: 'ada.jpg' },
  collection: { id: 'c1', name: 'The Engine', slug: 'the-engine', avatarId: null },
  ...over,
});

const noNext = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => {} };

describe('story card', () => {
  it('shows the writer’s avatar and name, the publication, the picture, date and counts', () => {
    const html = renderWithProviders(<PostCardItem post={card()} />);
    expect(html).toContain('src="/media/ada.jpg?w=20&amp;h=20&amp;s=crop"');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('href="/the-engine"');
    expect(html).toContain('The Engine');
    expect(html).toContain('<h2 class="q-story-card-title">How to read more</h2>');
    expect(html).toContain('src="/media/demo-3.jpg?w=160&amp;h=107&amp;s=crop"');
    expect(html).toContain('/media/demo-3.jpg?w=320&amp;h=214&amp;s=crop 320w');
    expect(html).toContain('width="160" height="107"');
    expect(html).toContain('sizes="(max-width: 551px) 80px, 160px"');
    expect(html).toContain('Mar 4, 2026');
    expect(html).toContain('4 min read');
    expect(html).toContain('1.2K');
    expect(html).toContain('1234 claps');
    expect(html).toContain('1 response<');
    expect(html).not.toContain('1 responses');
    expect(html).not.toContain('👏');
    expect(html).not.toContain('member-star');
  });

  it('lazy-loads pictures below the fold and loads those above it at once', () => {
    expect(renderWithProviders(<PostCardItem post={card()} />)).toContain('loading="lazy"');
    const eager = renderWithProviders(<PostCardItem post={card()} eager />);
    expect(eager).not.toContain('loading="lazy"');
    expect(eager).toContain('fetchPriority="high"');
  });

  it('draws initials for a writer without a photo and leaves out a missing picture', () => {
    const html = renderWithProviders(
      <PostCardItem
        post={card({
          previewImageId: null,
          creator: { id: 'u2', name: 'grace hopper', username: 'g', imageId: null },
        })}
      />,
    );
    expect(html).toContain('>GH</span>');
    expect(html).not.toContain('<img');
  });

  it('marks members-only stories with the star and says 2 responses', () => {
    const html = renderWithProviders(<PostCardItem post={card({ isLocked: true, responsesCount: 2 })} />);
    expect(html).toContain('data-testid="member-star"');
    expect(html).toContain('Member-only story');
    expect(html).toContain('2 responses');
  });

  it('cuts a long subtitle at a word boundary, and keeps very long names and titles in the markup for CSS to wrap', () => {
    const long = 'word '.repeat(60).trim();
    const name = 'N'.repeat(300);
    const html = renderWithProviders(
      <PostCardItem
        post={card({ subtitle: long, title: 'T'.repeat(400), creator: { ...card().creator, name } })}
      />,
    );
    const subtitle = /<p class="q-story-card-subtitle">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
    expect(subtitle.endsWith('word…')).toBe(true);
    expect(Array.from(subtitle).length).toBeLessThanOrEqual(CARD_SUBTITLE_MAX_CHARS);
    expect(html).toContain(name);
  });

  it('in a list, loads the first cards’ pictures eagerly, shows skeletons while loading', () => {
    const posts = Array.from({ length: 5 }, (_, i) => card({ id: `id${i}`, previewImageId: `p${i}.jpg` }));
    const html = renderWithProviders(
      <StoryList pages={[{ posts, next: null }]} next={noNext} empty="None" />,
    );
    expect(html.match(/loading="eager"/g)).toHaveLength(3);
    const loading = renderWithProviders(<StoryList pages={undefined} next={noNext} empty="None" />);
    expect(loading).toContain('data-testid="card-skeleton"');
  });
});
