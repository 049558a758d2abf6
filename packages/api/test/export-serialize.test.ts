import type { Paragraph } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { storyHtml, storyMarkdown } from '../src/services/exports/serialize';

/* The export's story files: text that looks like markup stays text, and only safe links become links. */

const p = (text: string, extra: Partial<Paragraph> = {}): Paragraph => ({
  name: Math.random().toString(16).slice(2, 8),
  type: 'P',
  text,
  markups: [],
  ...extra,
});

const story = (paragraphs: Paragraph[], title = 'A title') => ({ title, paragraphs, author: 'Ann <Writer>' });
const noImages = () => null;

describe('export serializers', () => {
  it('escapes HTML in titles, text and the author', () => {
    const html = storyHtml(story([p('<script>alert(1)</script> & more')], '<b>Bold</b> title'), noImages);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).toContain('<title>&lt;b&gt;Bold&lt;/b&gt; title</title>');
    expect(html).toContain('By Ann &lt;Writer&gt;, draft');
  });

  it('keeps safe links and drops javascript: ones', () => {
    const text = 'safe and unsafe';
    const paragraph = p(text, {
      markups: [
        { type: 'A', start: 0, end: 4, href: 'https://example.com/a' },
        { type: 'A', start: 9, end: 15, href: 'javascript:alert(1)' },
      ],
    });
    const html = storyHtml(story([paragraph]), noImages);
    expect(html).toContain('<a href="https://example.com/a">safe</a>');
    expect(html).not.toContain('javascript:');
    const md = storyMarkdown(story([paragraph]), noImages);
    expect(md).toContain('[safe](https://example.com/a)');
    expect(md).not.toContain('javascript:');
  });

  it('escapes Markdown syntax in running text and fences code', () => {
    const md = storyMarkdown(
      story([
        p('*not emphasis* and # not a heading'),
        p('const a = 1;', { type: 'PRE', codeBlockLanguage: 'js' }),
      ]),
      noImages,
    );
    expect(md).toContain('\\*not emphasis\\* and \\# not a heading');
    expect(md).toContain('```js\nconst a = 1;\n```');
  });

  it('numbers ordered lists and keeps their items together', () => {
    const md = storyMarkdown(story([p('One', { type: 'OLI' }), p('Two', { type: 'OLI' })]), noImages);
    expect(md).toContain('1. One\n1. Two');
    const html = storyHtml(story([p('One', { type: 'OLI' }), p('Two', { type: 'OLI' })]), noImages);
    expect(html).toContain('<ol><li>One</li><li>Two</li></ol>');
  });
});
