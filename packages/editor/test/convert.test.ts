import type { Markup, Paragraph, PostContent } from '@quire/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentFromDoc,
  createSchema,
  docFromContent,
  emptyDoc,
  normalizeContent,
  normalizeMarkups,
  schema,
  titleFromDoc,
} from '../src';
import { contentArb, docArb, textArb } from './arbitraries';

/** Runs per property; the report quotes this number. */
const RUNS = 500;

const LINKLESS = new Set(['PRE', 'HR', 'IFRAME', 'MIXTAPE_EMBED']);

/**
 * An oracle independent of `normalizeMarkups`: per UTF-16 unit and markup type, which attributes the original
 * markups give it (the later of two overlapping ones of a type wins, as in a ProseMirror mark set).
 */
function coverage(markups: readonly Markup[], length: number): Map<string, (string | null)[]> {
  const out = new Map<string, (string | null)[]>();
  for (const m of markups) {
    const cells = out.get(m.type) ?? Array<string | null>(length).fill(null);
    for (let i = Math.max(0, m.start); i < Math.min(m.end, length); i++) {
      cells[i] = m.type === 'A' ? JSON.stringify([m.href ?? null, m.title ?? null, m.userId ?? null]) : 'on';
    }
    out.set(m.type, cells);
  }
  for (const [type, cells] of out) if (cells.every((c) => c === null)) out.delete(type);
  return out;
}

describe('docFromContent / contentFromDoc (property-based)', () => {
  it('content → doc → content gives the normalised content, for every paragraph type', () => {
    fc.assert(
      fc.property(contentArb, fc.string({ maxLength: 20 }), (content, title) => {
        const doc = docFromContent(schema, content, title);
        doc.check();
        expect(contentFromDoc(doc)).toStrictEqual(normalizeContent(content));
        expect(titleFromDoc(doc)).toBe(title);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps every paragraph text and what every markup covers, character by character', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const out = contentFromDoc(docFromContent(schema, content));
        expect(out.paragraphs.map((p) => [p.name, p.type])).toEqual(
          content.paragraphs.map((p) => [p.name, p.type]),
        );
        content.paragraphs.forEach((p, i) => {
          const q = out.paragraphs[i]!;
          if (['HR', 'IFRAME', 'MIXTAPE_EMBED'].includes(p.type)) return;
          expect(q.text).toBe(p.text);
          if (LINKLESS.has(p.type)) return;
          expect(coverage(q.markups, q.text.length)).toEqual(coverage(p.markups, p.text.length));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('normal form is stable: normalising twice changes nothing, and a second round trip is exact', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const once = normalizeContent(content);
        expect(normalizeContent(once)).toStrictEqual(once);
        expect(contentFromDoc(docFromContent(schema, once))).toStrictEqual(once);
      }),
      { numRuns: RUNS },
    );
  });

  it('doc → content → doc gives back the same document, for random schema documents', () => {
    fc.assert(
      fc.property(docArb(schema), (doc) => {
        doc.check();
        const again = docFromContent(schema, contentFromDoc(doc), titleFromDoc(doc));
        expect(again.eq(doc)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('normalised markups are sorted by start then type, disjoint per type, merged when they touch', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        for (const p of normalizeContent(content).paragraphs) {
          const ms = p.markups;
          for (let i = 1; i < ms.length; i++) {
            const [a, b] = [ms[i - 1]!, ms[i]!];
            expect(a.start < b.start || (a.start === b.start && a.type < b.type)).toBe(true);
          }
          for (const m of ms) expect(m.start < m.end && m.end <= p.text.length).toBe(true);
          for (const type of new Set(ms.map((m) => m.type))) {
            const runs = ms.filter((m) => m.type === type);
            for (let i = 1; i < runs.length; i++) {
              const [a, b] = [runs[i - 1]!, runs[i]!];
              expect(a.end <= b.start).toBe(true);
              if (a.end === b.start)
                expect([a.href, a.title, a.userId]).not.toEqual([b.href, b.title, b.userId]);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('text with astral characters survives markups that split a surrogate pair', () => {
    fc.assert(
      fc.property(textArb(12), fc.nat(), (text, at) => {
        const cut = text.length ? at % text.length : 0;
        const p: Paragraph = {
          name: 'abcd',
          type: 'P',
          text,
          markups: cut < text.length ? [{ type: 'EM', start: cut, end: text.length }] : [],
        };
        const [out] = contentFromDoc(docFromContent(schema, { paragraphs: [p] })).paragraphs;
        expect(out!.text).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('docFromContent / contentFromDoc (examples)', () => {
  const content: PostContent = {
    paragraphs: [
      { name: 'a001', type: 'H3', text: 'Big', markups: [] },
      {
        name: 'a002',
        type: 'P',
        text: 'Hello 😀 bold\nnext',
        markups: [
          { type: 'STRONG', start: 9, end: 13 },
          { type: 'STRONG', start: 11, end: 15 },
          { type: 'A', start: 0, end: 5, href: 'https://example.com' },
          { type: 'EM', start: 3, end: 3 },
        ],
      },
      { name: 'a003', type: 'OLI', text: 'one', markups: [] },
      { name: 'a004', type: 'OLI', text: 'two', markups: [] },
      { name: 'a005', type: 'ULI', text: 'dot', markups: [] },
      { name: 'a006', type: 'PRE', text: 'let a;\nlet b;', markups: [], codeBlockLanguage: 'js' },
      {
        name: 'a007',
        type: 'IMG',
        text: 'Caption',
        markups: [],
        metadata: { id: 'img1', originalWidth: 800 },
      },
      { name: 'a008', type: 'HR', text: '', markups: [] },
    ],
  };

  it('groups list runs, turns newlines into hard breaks, and keeps code newlines as text', () => {
    const doc = docFromContent(schema, content, 'My story');
    expect(doc.toString()).toBe(
      'doc(title("My story"), heading("Big"), paragraph(link("Hello"), " 😀 ", strong("bold"), strong(hard_break), ' +
        'strong("n"), "ext"), ordered_list(list_item("one"), list_item("two")), bullet_list(list_item("dot")), ' +
        'code_block("let a;\\nlet b;"), image("Caption"), horizontal_rule)',
    );
  });

  it('merges overlapping same-type markups, drops empty ones and fills the image layout', () => {
    const out = contentFromDoc(docFromContent(schema, content));
    expect(out.paragraphs[1]!.markups).toEqual([
      { type: 'A', start: 0, end: 5, href: 'https://example.com' },
      { type: 'STRONG', start: 9, end: 15 },
    ]);
    expect(out.paragraphs[6]).toEqual({
      name: 'a007',
      type: 'IMG',
      text: 'Caption',
      markups: [],
      layout: 'INSET',
      metadata: { id: 'img1', originalWidth: 800 },
    });
  });

  it('the later of two overlapping links wins where they overlap', () => {
    expect(
      normalizeMarkups(
        [
          { type: 'A', start: 0, end: 6, href: 'https://a/' },
          { type: 'A', start: 4, end: 10, href: 'https://b/' },
        ],
        10,
      ),
    ).toEqual([
      { type: 'A', start: 0, end: 4, href: 'https://a/' },
      { type: 'A', start: 4, end: 10, href: 'https://b/' },
    ]);
  });

  it('an empty story is a title and one named empty paragraph', () => {
    const doc = emptyDoc(schema);
    expect(doc.toString()).toBe('doc(title, paragraph)');
    expect(doc.child(1).attrs.name).toMatch(/^[0-9a-f]{4}$/);
    expect(contentFromDoc(doc).paragraphs).toHaveLength(1);
  });

  it('throws a clear error for an unknown paragraph type', () => {
    const bad = {
      paragraphs: [{ name: 'x', type: 'TABLE', text: '', markups: [] }],
    } as unknown as PostContent;
    expect(() => docFromContent(schema, bad)).toThrow('Unknown paragraph type "TABLE".');
  });

  it('works with a schema that frames any iframe (allow_iframe on)', () => {
    const s = createSchema({ allowIframe: true });
    const doc = docFromContent(s, content);
    expect(contentFromDoc(doc)).toEqual(contentFromDoc(docFromContent(schema, content)));
  });
});
