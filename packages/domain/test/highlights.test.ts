import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorHighlight } from '../src/highlights';

type Para = { name: string; text: string };

/** A story of 2 to 6 paragraphs with distinct names and non-empty text. */
const story = fc
  .array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 2, maxLength: 6 })
  .map((texts): Para[] => texts.map((text, i) => ({ name: `p${i}`, text })));

/** A story, one of its paragraphs and a non-empty span of that paragraph's text. */
const highlighted = story.chain((paragraphs) =>
  fc.integer({ min: 0, max: paragraphs.length - 1 }).chain((index) => {
    const text = paragraphs[index]!.text;
    return fc
      .tuple(fc.integer({ min: 0, max: text.length - 1 }), fc.integer({ min: 1, max: text.length }))
      .map(([a, b]) => {
        const start = Math.min(a, b - 1);
        const end = Math.max(b, start + 1);
        return {
          paragraphs,
          index,
          highlight: {
            paragraphName: `p${index}`,
            startOffset: start,
            endOffset: end,
            quote: text.slice(start, end),
          },
        };
      });
  }),
);

/** An edit to a paragraph: new text, a paragraph added after it, or the paragraph removed. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('rewrite' as const), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('remove' as const) }),
);

describe('anchorHighlight (paragraph name and offsets, surviving edits)', () => {
  it('keeps a highlight exactly where it was through any edits to other paragraphs', () => {
    fc.assert(
      fc.property(highlighted, fc.array(fc.tuple(fc.nat(), edit), { maxLength: 8 }), (h, edits) => {
        let paragraphs = [...h.paragraphs];
        let added = 0;
        for (const [pick, change] of edits) {
          const others = paragraphs.filter((p) => p.name !== h.highlight.paragraphName);
          if (!others.length) break;
          const target = others[pick % others.length]!;
          const at = paragraphs.indexOf(target);
          if (change.kind === 'rewrite') paragraphs[at] = { ...target, text: change.text };
          else if (change.kind === 'insert')
            paragraphs.splice(at + 1, 0, { name: `n${added++}`, text: change.text });
          else paragraphs = paragraphs.filter((p) => p !== target);
        }
        const { quote, ...where } = h.highlight;
        expect(anchorHighlight(paragraphs, h.highlight)).toEqual(where);
        expect(quote.length).toBeGreaterThan(0);
      }),
    );
  });

  it('follows its text when its own paragraph changes around it, and is gone when the text is', () => {
    fc.assert(
      fc.property(
        highlighted,
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (h, before, after) => {
          const own = h.paragraphs[h.index]!;
          const moved = h.paragraphs.map((p) =>
            p === own ? { ...p, text: `${before}${h.highlight.quote}${after}` } : p,
          );
          const anchor = anchorHighlight(moved, h.highlight);
          expect(anchor).not.toBeNull();
          const holder = moved.find((p) => p.name === anchor!.paragraphName)!;
          expect(holder.text.slice(anchor!.startOffset, anchor!.endOffset)).toBe(h.highlight.quote);
        },
      ),
    );
    const paragraphs = [
      { name: 'a', text: 'The first paragraph.' },
      { name: 'b', text: 'A passage worth keeping, and more.' },
    ];
    const highlight = { paragraphName: 'b', startOffset: 2, endOffset: 23, quote: 'passage worth keeping' };
    expect(anchorHighlight(paragraphs, highlight)).toEqual({
      paragraphName: 'b',
      startOffset: 2,
      endOffset: 23,
    });
    // Split off into a new paragraph: found there.
    const split = [
      paragraphs[0]!,
      { name: 'b', text: 'A new start.' },
      { name: 'c', text: 'passage worth keeping.' },
    ];
    expect(anchorHighlight(split, highlight)).toEqual({ paragraphName: 'c', startOffset: 0, endOffset: 21 });
    // Rewritten away: nothing to mark.
    expect(anchorHighlight([paragraphs[0]!, { name: 'b', text: 'Different words.' }], highlight)).toBeNull();
  });
});
