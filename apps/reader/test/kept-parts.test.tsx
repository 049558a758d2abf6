import type { AppRouter, PostCard, RouterOutputs } from '@quire/api';
import type { Paragraph } from '@quire/domain';
import { PostBody } from '@quire/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it, vi } from 'vitest';
import { PostCardItem } from '../src/components/PostCardItem';
import { ReadNext } from '../src/components/ReadNext';
import { useSavedOnPages } from '../src/components/SaveButton';
import { StoryText } from '../src/components/StoryText';
import { asHydrationRanges, renderPageHtml } from '../src/entry-server';
import { KeptParts } from '../src/kept-parts';
import { HydrateLater } from '../src/lib/hydrate-later';
import { Kept } from '../src/lib/kept';
import { TRPCProvider } from '../src/trpc';

const client = createTRPCClient<AppRouter>({
  links: [() => () => observable((o) => o.error(new TRPCClientError('no network in this test')))],
});

/** A story with every kind of paragraph, text that needs escaping, and a first picture React preloads. */
const story = (secret: string): Paragraph[] => [
  {
    name: 'a1',
    type: 'IMG',
    text: 'A <caption> & "quotes"',
    markups: [],
    metadata: { id: 'pic.jpg', originalWidth: 1600, originalHeight: 900, alt: 'Hills' },
  },
  { name: 'a2', type: 'H3', text: 'Big heading', markups: [] },
  {
    name: 'a3',
    type: 'P',
    text: 'Linked, strong and plain text.',
    markups: [
      { type: 'A', start: 0, end: 6, href: 'https://example.com/?a=1&b=<2>' },
      { type: 'STRONG', start: 8, end: 14 },
    ],
  },
  { name: 'a4', type: 'ULI', text: 'one', markups: [] },
  { name: 'a5', type: 'ULI', text: 'two', markups: [] },
  { name: 'a6', type: 'PRE', text: 'if (a < b) {}', markups: [], codeBlockLanguage: 'js' },
  { name: 'a7', type: 'H4', text: 'Small heading', markups: [] },
  { name: 'a8', type: 'P', text: secret, markups: [] },
];

const card = (id: string, title: string): PostCard => ({
  id,
  title,
  subtitle: 'A subtitle & more',
  uniqueSlug: `story-${id}`,
  mediumUrl: `/@ada/story-${id}`,
  previewImageId: 'demo-3.jpg',
  isLocked: id.endsWith('2'),
  latestPublishedAt: '2026-03-04T10:00:00.000Z',
  readingTime: 4.4,
  clapCount: 1234,
  responsesCount: 1,
  creator: { id: 'u1', name: 'Ada Lovelace', username: 'ada', imageId: 'ada.jpg' },
  collection: null,
});

/** Read next under story p1, as the server's prefetch leaves it in the page's query cache. */
const readNextOf = (titles: string[]): RouterOutputs['posts']['readNext'] => ({
  moduleType: 'READ_NEXT_SIDEBAR',
  moduleTypeId: 25,
  groups: titles.slice(0, 1).map(() => ({
    kind: 'writer' as const,
    moduleType: 'READ_NEXT_SIDEBAR' as const,
    moduleTypeId: 1,
    name: 'Ada Lovelace',
    href: '/@ada',
    posts: titles.map((title, i) => card(`c${i}`, title)),
  })),
});

/** A story page's shape: a title, the text in a part that hydrates later, something after it, and Read next. */
function Page({ paragraphs, next = [] }: { paragraphs: Paragraph[]; next?: string[] }) {
  const queryClient = new QueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  queryClient.setQueryData(trpc.posts.readNext.queryKey({ postId: 'p1' }), readNextOf(next));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <main>
          <h1>Title</h1>
          <HydrateLater name="story-text">
            <StoryText postId="p1" paragraphs={paragraphs} />
          </HydrateLater>
          <p>After {paragraphs.length} paragraphs</p>
          <HydrateLater name="read-next">
            <ReadNext postId="p1" />
          </HydrateLater>
        </main>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

describe('parts rendered once (a story text kept and spliced into each page)', () => {
  it('makes the same HTML as rendering the part in the page, hoisted picture hint included, and renders it once', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const full = renderPageHtml(<Page paragraphs={story('Secret ending.')} />, null);
    expect(full).toMatch(/^<link rel="preload" as="image"/);
    expect(full).toContain('<!--$s-->');
    expect(renderPageHtml(<Page paragraphs={story('Secret ending.')} />, keep)).toBe(full);
    expect([keep.misses, keep.hits, keep.entries]).toEqual([1, 0, 1]);
    expect(renderPageHtml(<Page paragraphs={story('Secret ending.')} />, keep)).toBe(full);
    expect([keep.misses, keep.hits, keep.entries]).toEqual([1, 1, 1]);
  });

  it('keeps Read next as one part: the same HTML as rendering its cards, and new cards render anew', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const page = (next: string[]) => <Page paragraphs={story('end')} next={next} />;
    const full = renderPageHtml(page(['First next', 'Second next']), null);
    expect(full).toContain('First next');
    expect(full).toContain('Second next');
    expect(renderPageHtml(page(['First next', 'Second next']), keep)).toBe(full);
    expect(renderPageHtml(page(['First next', 'Second next']), keep)).toBe(full);
    expect([keep.misses, keep.hits]).toEqual([2, 2]);
    const other = renderPageHtml(page(['First next', 'Third next']), keep);
    expect(other).toBe(renderPageHtml(page(['First next', 'Third next']), null));
    expect(other).not.toContain('Second next');
    expect([keep.misses, keep.hits]).toEqual([3, 3]);
  });

  it('keeps story cards but for their actions: each reader’s own Save buttons are rendered with the page', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const cards = ['c0', 'c1', 'c2'].map((id) => card(id, `Card ${id}`));
    const ids = cards.map((c) => c.id);
    // As a list of cards asks: once for the page, each card's button given its answer.
    function Feed() {
      const saves = useSavedOnPages([{ posts: cards }]);
      return cards.map((c, i) => (
        <PostCardItem key={c.id} post={c} eager={i === 0} save={saves.get(c.id)} onShowFewer={() => {}} />
      ));
    }
    const feed = (saved: string[]) => {
      const queryClient = new QueryClient();
      const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
      queryClient.setQueryData(trpc.lists.saved.queryKey({ postIds: ids }), { saved });
      return (
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={client} queryClient={queryClient}>
            <Feed />
          </TRPCProvider>
        </QueryClientProvider>
      );
    };
    const pressed = (html: string) => html.split('aria-pressed="true"').length - 1;
    const ann = renderPageHtml(feed(['c1']), keep);
    const bob = renderPageHtml(feed([]), keep);
    expect([keep.misses, keep.hits]).toEqual([3, 3]);
    expect(ann).toBe(renderPageHtml(feed(['c1']), null));
    expect(bob).toBe(renderPageHtml(feed([]), null));
    expect([pressed(ann), pressed(bob)]).toEqual([1, 0]);
    expect(ann.split('Show less like this').length - 1).toBe(3);
    // The first card's picture is preloaded, as React hoists it for a page rendered whole.
    expect(ann).toMatch(/^<link rel="preload" as="image"/);
  });

  it('keys a part whose props hold a frozen card by that card, and a card that can change by its text', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const frozen = (c: PostCard) => Object.freeze({ ...c, creator: Object.freeze({ ...c.creator }) });
    const keyed = (props: object) => {
      const parts = keep.forRender();
      return parts.mark('story-card', props, () => <p />);
    };
    const kept = frozen(card('c7', 'Kept card'));
    const first = keyed({ post: kept, eager: false });
    // The same key as the card's text gives (so a copy of the card finds the same part), remembered by the card.
    expect(keyed({ post: { ...kept }, eager: false })).toBe(first);
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(keyed({ post: kept, eager: false })).toBe(first);
    // Only the rest of the props are written out (the card left out by a replacer), never the whole card.
    const wholeCard = stringify.mock.calls.filter(
      ([value, replacer]) => (value as { post?: unknown })?.post === kept && replacer === undefined,
    );
    expect(wholeCard).toEqual([]);
    stringify.mockRestore();
    expect(keyed({ post: kept, eager: true })).not.toBe(first);
    // A card not frozen through and through is keyed by its text each time: a change makes another part.
    const shallow = Object.freeze({ ...card('c8', 'Before'), creator: { ...card('c8', '').creator } });
    const before = keyed({ post: shallow, eager: false });
    shallow.creator.name = 'Renamed';
    expect(keyed({ post: shallow, eager: false })).not.toBe(before);
    const open = card('c9', 'Before');
    const beforeOpen = keyed({ post: open, eager: false });
    open.title = 'After';
    expect(keyed({ post: open, eager: false })).not.toBe(beforeOpen);
  });

  it('keeps a part by its props: other text (a locked preview) never gets the kept HTML of the full text', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const member = renderPageHtml(<Page paragraphs={story('Members only sentence.')} />, keep);
    expect(member).toContain('Members only sentence.');
    const preview = story('Members only sentence.').slice(0, 3);
    const visitor = renderPageHtml(<Page paragraphs={preview} />, keep);
    expect(visitor).not.toContain('Members only sentence.');
    expect(visitor).toBe(renderPageHtml(<Page paragraphs={preview} />, null));
    expect([keep.misses, keep.entries]).toEqual([2, 2]);
  });

  it('drops the least recently used parts past its size, and renders a dropped part again', () => {
    const one = renderPageHtml(<PostBody paragraphs={story('one')} />, null).length;
    const keep = new KeptParts(Math.floor(one * 2.5), asHydrationRanges);
    const page = (text: string) => <Kept name="body" of={PostBody} props={{ paragraphs: story(text) }} />;
    renderPageHtml(page('one'), keep);
    renderPageHtml(page('two'), keep);
    renderPageHtml(page('one'), keep); // 'one' is now the newest use
    expect(renderPageHtml(page('six'), keep)).toContain('six');
    expect(keep.entries).toBe(2);
    expect([keep.misses, keep.hits]).toEqual([3, 1]);
    // 'two' was the oldest use and went first: it renders again; 'one' is still kept.
    expect(renderPageHtml(page('two'), keep)).toBe(renderPageHtml(page('two'), null));
    renderPageHtml(page('six'), keep);
    expect([keep.misses, keep.hits]).toEqual([4, 2]);
  });

  it('renders a part again that a bigger part of the same page pushed out before it was spliced in', () => {
    const small = <Kept name="small" of={PostBody} props={{ paragraphs: story('small').slice(1, 2) }} />;
    const size = renderPageHtml(small, null).length;
    const keep = new KeptParts(size * 3, asHydrationRanges);
    renderPageHtml(small, keep);
    const big = <Kept name="big" of={PostBody} props={{ paragraphs: story('a big one') }} />;
    const page = (
      <>
        {big}
        {small}
      </>
    );
    // The big part, spliced first, drops the small one, which the page marked while it was kept.
    expect(renderPageHtml(page, keep)).toBe(renderPageHtml(page, null));
    expect([keep.misses, keep.hits, keep.entries]).toEqual([3, 0, 1]);
  });

  it('leaves markers alone that only look like a part: text in the page is escaped', () => {
    const keep = new KeptParts(1_000_000, asHydrationRanges);
    const text = '<q-kept data-key="story-text:x"></q-kept> <!--$-->';
    const html = renderPageHtml(<Page paragraphs={story(text)} />, keep);
    expect(html).toBe(renderPageHtml(<Page paragraphs={story(text)} />, null));
    expect(html).toContain('&lt;q-kept data-key=&quot;story-text:x&quot;&gt;&lt;/q-kept&gt; &lt;!--$--&gt;');
  });
});
