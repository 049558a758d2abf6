import { type Paragraph, ParagraphType } from '@quire/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ParagraphText, PostBody } from '../src';

const p = (type: Paragraph['type'], text: string, extra: Partial<Paragraph> = {}): Paragraph => ({
  name: `n${Math.random().toString(16).slice(2, 6)}`,
  type,
  text,
  markups: [],
  ...extra,
});

describe('ParagraphText', () => {
  it('nests overlapping markups the same way every time (link outside bold outside italic)', () => {
    const html = renderToStaticMarkup(
      <ParagraphText
        text="Hello brave world"
        markups={[
          { type: 'EM', start: 6, end: 17 },
          { type: 'STRONG', start: 0, end: 11 },
          { type: 'A', start: 0, end: 5, href: 'https://example.com' },
        ]}
      />,
    );
    expect(html).toBe(
      '<span><a href="https://example.com" rel="noopener ugc nofollow"><strong>Hello</strong></a></span>' +
        '<span><strong> </strong></span><span><strong><em>brave</em></strong></span><span><em> world</em></span>',
    );
  });

  it('escapes text instead of interpreting it as HTML', () => {
    expect(renderToStaticMarkup(<ParagraphText text="<script>x</script>" markups={[]} />)).toBe(
      '&lt;script&gt;x&lt;/script&gt;',
    );
  });
});

describe('PostBody', () => {
  it('gives an embed the aspect ratio of its width and height, so it can shrink to a phone column', () => {
    const embed = p('IFRAME', '', {
      iframe: { src: 'https://player.vimeo.com/video/1', width: 640, height: 360 },
    });
    const html = renderToStaticMarkup(<PostBody paragraphs={[embed]} />);
    expect(html).toContain('width="640" height="360" style="aspect-ratio:640 / 360"');
  });

  it('renders every paragraph type of the spec', () => {
    const paragraphs = ParagraphType.map((type) =>
      p(type, `${type} text`, {
        metadata: type === 'IMG' ? { id: 'img-1.jpg', originalWidth: 800, originalHeight: 600 } : undefined,
        iframe: type === 'IFRAME' ? { src: 'https://www.youtube.com/embed/abc' } : undefined,
        mixtapeMetadata:
          type === 'MIXTAPE_EMBED' ? { href: 'https://example.com/a', title: 'A card' } : undefined,
      }),
    );
    const html = renderToStaticMarkup(<PostBody paragraphs={paragraphs} />);
    for (const fragment of [
      'class="q-heading-h3"',
      'class="q-heading-h4"',
      '<blockquote',
      'class="q-pullquote"',
      '<pre',
      '<ol><li',
      '<ul><li',
      '<hr',
      '<img src="/media/img-1.jpg?w=680"',
      '<figcaption>IMG text</figcaption>',
      '<iframe src="https://www.youtube.com/embed/abc"',
      'class="q-mixtape"',
      'class="q-section-caption"',
      'class="q-heading-cover_title"',
    ]) {
      expect(html).toContain(fragment);
    }
  });

  it('gives the story headings the levels under the page title, with none skipped, sized by their type', () => {
    const levels = (paragraphs: Paragraph[]) =>
      [
        ...renderToStaticMarkup(<PostBody paragraphs={paragraphs} />).matchAll(
          /<(h\d) [^>]*class="([^"]+)"/g,
        ),
      ].map((m) => `${m[1]}.${m[2]}`);
    // A story that uses only the small heading: it is the page's first level under the title.
    expect(levels([p('P', 'intro'), p('H4', 'small'), p('P', 'x'), p('H4', 'again')])).toEqual([
      'h2.q-heading-h4',
      'h2.q-heading-h4',
    ]);
    expect(levels([p('H4', 'small first'), p('H3', 'big'), p('H4', 'small')])).toEqual([
      'h2.q-heading-h4',
      'h2.q-heading-h3',
      'h3.q-heading-h4',
    ]);
    expect(renderToStaticMarkup(<PostBody paragraphs={[p('H1', 'a'), p('H3', 'b')]} />)).not.toContain('<h1');
  });

  it('groups consecutive list items into one list and starts a new list after another block', () => {
    const html = renderToStaticMarkup(
      <PostBody paragraphs={[p('OLI', 'one'), p('OLI', 'two'), p('P', 'break'), p('OLI', 'three')]} />,
    );
    expect(html.match(/<ol>/g)).toHaveLength(2);
    expect(html).toMatch(/<ol><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ol>/);
  });

  it('loads an image near the top of a story at once and first, and every other image lazily', () => {
    const img = (id: string) => p('IMG', '', { metadata: { id, originalWidth: 800, originalHeight: 600 } });
    const html = renderToStaticMarkup(
      <PostBody paragraphs={[p('P', 'intro'), img('a.jpg'), p('P', 'middle'), img('b.jpg')]} />,
    );
    expect(html).toMatch(/<img src="\/media\/a\.jpg\?w=680"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toMatch(/<img src="\/media\/b\.jpg\?w=680"[^>]*loading="lazy"/);
    expect(html.match(/<img[^>]*fetchPriority/g)).toHaveLength(1);
  });

  it('offers a story picture at a phone’s width, its layout’s and twice that, never wider than the original', () => {
    const img = p('IMG', '', { metadata: { id: 'w.jpg', originalWidth: 1000, originalHeight: 600 } });
    const html = renderToStaticMarkup(<PostBody paragraphs={[img]} />);
    expect(html).toContain(
      'srcSet="/media/w.jpg?w=375 375w, /media/w.jpg?w=680 680w, /media/w.jpg?w=750 750w"',
    );
    expect(html).toContain('sizes="(max-width: 727px) 100vw, 680px"');
    expect(html).toContain('width="1000" height="600"');
  });

  it('keeps the first image lazy when it is far down the story', () => {
    const html = renderToStaticMarkup(
      <PostBody
        paragraphs={[
          ...['one', 'two', 'three', 'four'].map((t) => p('P', t)),
          p('IMG', '', { metadata: { id: 'late.jpg', originalWidth: 800, originalHeight: 600 } }),
        ]}
      />,
    );
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });
});
