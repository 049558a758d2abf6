import { describe, expect, it } from 'vitest';
import { parseContent } from '../src';

const p = (extra: Record<string, unknown> = {}) => ({
  name: 'a1b2',
  type: 'P',
  text: 'Hello',
  markups: [],
  ...extra,
});

describe('parseContent', () => {
  it('accepts valid content and returns it normalised', () => {
    const out = parseContent({
      paragraphs: [
        p({
          markups: [
            { type: 'EM', start: 2, end: 5 },
            { type: 'EM', start: 0, end: 2 },
          ],
        }),
        { name: 'c3d4', type: 'IMG', text: '', metadata: { id: 'img' } },
        { name: 'e5f6', type: 'HR', text: 'ignored' },
      ],
    });
    expect(out.paragraphs).toEqual([
      { name: 'a1b2', type: 'P', text: 'Hello', markups: [{ type: 'EM', start: 0, end: 5 }] },
      { name: 'c3d4', type: 'IMG', text: '', markups: [], layout: 'INSET', metadata: { id: 'img' } },
      { name: 'e5f6', type: 'HR', text: '', markups: [] },
    ]);
  });

  it('names an unknown paragraph type, markup type or image layout', () => {
    expect(() => parseContent({ paragraphs: [p({ type: 'TABLE' })] })).toThrow(
      'Unknown paragraph type "TABLE".',
    );
    expect(() =>
      parseContent({ paragraphs: [p({ markups: [{ type: 'BLINK', start: 0, end: 1 }] })] }),
    ).toThrow('Unknown markup type "BLINK".');
    expect(() => parseContent({ paragraphs: [p({ type: 'IMG', layout: 'HUGE' })] })).toThrow(
      'Unknown image layout "HUGE".',
    );
  });

  it('reports the first schema problem with its path', () => {
    expect(() => parseContent({})).toThrow(/^Invalid post content at paragraphs: /);
    expect(() => parseContent({ paragraphs: [p({ name: '' })] })).toThrow(
      /^Invalid post content at paragraphs\.0\.name: /,
    );
    expect(() => parseContent({ paragraphs: [p({ markups: [{ type: 'EM', start: 3, end: 1 }] })] })).toThrow(
      'Markup end must not precede its start.',
    );
  });

  it('rejects duplicate names, markups past the text and unsafe links', () => {
    expect(() => parseContent({ paragraphs: [p(), p()] })).toThrow('Duplicate paragraph name "a1b2".');
    expect(() => parseContent({ paragraphs: [p({ markups: [{ type: 'EM', start: 0, end: 6 }] })] })).toThrow(
      'A markup of paragraph "a1b2" ends past its text.',
    );
    expect(() =>
      parseContent({
        paragraphs: [p({ markups: [{ type: 'A', start: 0, end: 1, href: 'javascript:alert(1)' }] })],
      }),
    ).toThrow('A link of paragraph "a1b2" has an unsafe address.');
  });

  it('requires an image, and embeds that spec §5 lets us frame', () => {
    expect(() => parseContent({ paragraphs: [p({ type: 'IMG' })] })).toThrow(
      'Image paragraph "a1b2" has no image.',
    );
    const embed = (src: string) => ({ paragraphs: [p({ type: 'IFRAME', text: '', iframe: { src } })] });
    expect(() => parseContent(embed('https://evil.example/x'))).toThrow(
      'Embed paragraph "a1b2" has an address that may not be framed.',
    );
    expect(
      parseContent(embed('https://evil.example/x'), { allowIframe: true }).paragraphs[0]!.iframe,
    ).toEqual({
      src: 'https://evil.example/x',
    });
    expect(parseContent(embed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).paragraphs).toHaveLength(
      1,
    );
    expect(() =>
      parseContent({
        paragraphs: [p({ type: 'MIXTAPE_EMBED', mixtapeMetadata: { href: 'ftp://x.example/' } })],
      }),
    ).toThrow('Link card paragraph "a1b2" needs an http(s) address.');
  });
});
