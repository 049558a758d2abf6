// @vitest-environment happy-dom
// happy-dom gives the browser DOM the real paste path needs; the converter itself runs on linkedom.

import type { Paragraph, PostContent } from '@quire/domain';
import fc from 'fast-check';
import type { ResolvedPos, Slice } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import * as pmView from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import {
  contentFromDoc,
  editorPlugins,
  emptyDoc,
  htmlToContent,
  htmlToStory,
  markdownToContent,
  markdownToHtml,
  markdownToStory,
  outsideImageSources,
  parseContent,
  schema,
} from '../src';

/** Paragraphs without their (random) names. */
const shape = (content: PostContent) => content.paragraphs.map(({ name: _name, ...rest }) => rest);

type ParseFromClipboard = (
  view: pmView.EditorView,
  text: string,
  html: string | null,
  plainText: boolean,
  $context: ResolvedPos,
) => Slice | null;
const parseFromClipboard = (pmView as unknown as { __parseFromClipboard: ParseFromClipboard })
  .__parseFromClipboard;

/** What pasting `html` into an empty story makes, through the editor's own plugins (cleaning included). */
function pasted(html: string): PostContent {
  const doc = emptyDoc(schema);
  let state = EditorState.create({ doc, plugins: editorPlugins(schema) });
  const inParagraph = doc.firstChild!.nodeSize + 1;
  state = state.apply(state.tr.setSelection(TextSelection.create(doc, inParagraph)));
  const view = new pmView.EditorView(document.createElement('div'), { state });
  const slice = parseFromClipboard(view, '', html, false, state.doc.resolve(inParagraph))!;
  const after = state.apply(state.tr.replaceSelection(slice));
  view.destroy();
  const content = contentFromDoc(after.doc);
  return { paragraphs: content.paragraphs.filter((p) => p.type !== 'P' || p.text.trim() !== '') };
}

const p = (type: Paragraph['type'], text: string, extra: Partial<Paragraph> = {}) => ({
  type,
  text,
  markups: [],
  ...extra,
});

describe('htmlToContent', () => {
  it('maps headings, lists, quotes, code, rules and inline marks', () => {
    const html =
      '<h2>Part</h2><h6>small</h6><p>a <strong>b</strong> <em>c</em> <code>d</code></p>' +
      '<ul><li><p>one</p></li><li>two</li></ul><ol><li>first</li></ol>' +
      '<blockquote><p>q1</p><p>q2</p></blockquote><pre data-language="js"><code>let x = 1;\n\nx++</code></pre><hr>';
    expect(shape(htmlToContent(html))).toEqual([
      p('H2', 'Part'),
      p('H4', 'small'),
      p('P', 'a b c d', {
        markups: [
          { type: 'STRONG', start: 2, end: 3 },
          { type: 'EM', start: 4, end: 5 },
          { type: 'CODE', start: 6, end: 7 },
        ],
      }),
      p('ULI', 'one'),
      p('ULI', 'two'),
      p('OLI', 'first'),
      p('BQ', 'q1\nq2'),
      p('PRE', 'let x = 1;\n\nx++', { codeBlockLanguage: 'js' }),
      p('HR', ''),
    ]);
  });

  it('keeps safe links, drops unsafe hrefs, scripts, iframes of unknown hosts and event handlers', () => {
    const html =
      '<p onclick="x()"><a href="https://ok.example/a">ok</a> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="&#106;avascript:1">enc</a><script>alert(2)</script></p><iframe src="https://evil.example/"></iframe>';
    const content = htmlToContent(html);
    expect(shape(content)).toEqual([
      p('P', 'ok bad enc', { markups: [{ type: 'A', start: 0, end: 2, href: 'https://ok.example/a' }] }),
    ]);
    expect(JSON.stringify(content)).not.toMatch(/alert|evil|javascript/);
  });

  it('keeps images of our media store with their alt text and drops other images', () => {
    const content = htmlToContent(
      '<img src="/media/abc.png" alt="A cat"><img src="https://elsewhere.example/x.png">',
    );
    expect(shape(content)).toEqual([
      p('IMG', '', { layout: 'INSET', metadata: { id: 'abc.png', alt: 'A cat' } }),
    ]);
  });

  it('lists outside image sources once each, and keeps the ones stored as uploads with their size', () => {
    const html =
      '<p>x</p><figure data-width="9"><img src="https://a.example/one.png?x=1&amp;y=2" alt="One"><figcaption>Cap</figcaption>' +
      '</figure><img src="/media/ours.png"><img src="two.jpg"><img src="data:image/png;base64,AAAA">' +
      '<img src="https://a.example/one.png?x=1&amp;y=2"><script><img src="https://hidden.example/s.png"></script>';
    expect(outsideImageSources(html)).toEqual(['https://a.example/one.png?x=1&y=2', 'two.jpg']);
    const images = new Map([
      ['https://a.example/one.png?x=1&y=2', { id: 'up1.png', width: 120, height: 80 }],
    ]);
    const kept = {
      layout: 'INSET' as const,
      metadata: { id: 'up1.png', originalWidth: 120, originalHeight: 80 },
    };
    expect(shape(htmlToStory(html, { images }).content)).toEqual([
      p('P', 'x'),
      p('IMG', 'Cap', { ...kept, metadata: { ...kept.metadata, alt: 'One' } }),
      p('IMG', '', { layout: 'INSET', metadata: { id: 'ours.png' } }),
      p('IMG', '', kept),
    ]);
    expect(outsideImageSources(markdownToHtml('![a](https://b.example/m.gif "t")'))).toEqual([
      'https://b.example/m.gif',
    ]);
  });

  it('strips NUL bytes and lone surrogates', () => {
    const content = htmlToContent('<p>a\u0000b\uD800c\uDC00d 😀</p>');
    expect(shape(content)).toEqual([p('P', 'abcd 😀')]);
  });

  it('takes a full document apart: head and title dropped, the body kept', () => {
    const html =
      '<!doctype html><html><head><title>T</title><style>p{}</style></head><body><p>x</p></body></html>';
    expect(shape(htmlToContent(html))).toEqual([p('P', 'x')]);
  });

  it('drops a leading heading that repeats the given title; htmlToStory takes it as the title', () => {
    const html = '<h1>My  story</h1><p>body</p>';
    expect(shape(htmlToContent(html, { title: 'My story' }))).toEqual([p('P', 'body')]);
    expect(shape(htmlToContent(html, { title: 'Other' }))).toEqual([p('H1', 'My story'), p('P', 'body')]);
    const story = htmlToStory(html);
    expect(story.title).toBe('My story');
    expect(shape(story.content)).toEqual([p('P', 'body')]);
  });

  it('gives the same paragraphs as pasting the same HTML into the editor', () => {
    const samples = [
      '<h3>Head</h3><p>Some <b>bold</b> and <a href="https://x.example/">a link</a></p>',
      '<ul><li><p>one</p></li><li>two <em>2</em></li></ul><blockquote><p>a</p><p>b</p></blockquote>',
      '<b style="font-weight:normal" id="docs-internal-guid-1"><p><span style="font-weight:700">gd</span></p></b>',
      '<pre><code>x\n  y</code></pre><hr><figure><img src="/media/m1" alt="x"></figure><h5>five</h5>',
      'loose text <i>and</i> more',
    ];
    for (const html of samples) expect(shape(htmlToContent(html)), html).toEqual(shape(pasted(html)));
  });

  it('always returns valid content, whatever the input', () => {
    const tags = [
      'p',
      'h1',
      'h4',
      'ul',
      'li',
      'ol',
      'blockquote',
      'pre',
      'em',
      'a href="/x"',
      'b',
      'script',
      'div',
    ];
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom(...tags).map((t) => `<${t}>`),
      fc.constantFrom(...tags).map((t) => `</${t.split(' ')[0]}>`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const content = htmlToContent(pieces.join(''));
        expect(parseContent(content)).toEqual(content);
      }),
      { numRuns: 150 },
    );
  });
});

describe('markdownToContent', () => {
  it('converts CommonMark through the same path, code fences keeping their language', () => {
    const md =
      'Some *em*, **strong**, `code` and [a link](https://e.example/) <script>alert(1)</script>\n\n' +
      '1. a\n2. b\n\n- x\n\n> quoted\n\n```ts\nconst a = 1;\n```\n\n    indented\n\n---\n\n![alt](/media/xyz)\n\n' +
      '[bad](javascript:alert(1))';
    expect(shape(markdownToContent(md))).toEqual([
      p('P', 'Some em, strong, code and a link', {
        markups: [
          { type: 'EM', start: 5, end: 7 },
          { type: 'STRONG', start: 9, end: 15 },
          { type: 'CODE', start: 17, end: 21 },
          { type: 'A', start: 26, end: 32, href: 'https://e.example/' },
        ],
      }),
      p('OLI', 'a'),
      p('OLI', 'b'),
      p('ULI', 'x'),
      p('BQ', 'quoted'),
      p('PRE', 'const a = 1;', { codeBlockLanguage: 'ts' }),
      p('PRE', 'indented'),
      p('HR', ''),
      p('IMG', '', { layout: 'INSET', metadata: { id: 'xyz', alt: 'alt' } }),
      p('P', '[bad](javascript:alert(1))'),
    ]);
  });

  it('takes a leading # heading as the story title', () => {
    const story = markdownToStory('# Hello world\n\nBody text.');
    expect(story.title).toBe('Hello world');
    expect(shape(story.content)).toEqual([p('P', 'Body text.')]);
  });
});
