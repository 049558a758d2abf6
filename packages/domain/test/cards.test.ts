import { describe, expect, it } from 'vitest';
import { CARD_SUBTITLE_MAX_CHARS, cardSubtitle, compactCount, storyCardTexts } from '../src/cards';

describe('story card texts', () => {
  it('cuts a long subtitle at a word boundary with an ellipsis (spec §5)', () => {
    const long = `${'A sentence that goes on and on, '.repeat(8)}and ends here.`;
    const cut = cardSubtitle(long)!;
    expect(Array.from(cut).length).toBeLessThanOrEqual(CARD_SUBTITLE_MAX_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    // The last word before the ellipsis is whole: the text up to it is a prefix of the original.
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(long[cut.length - 1]).toMatch(/[\s,]/);
  });

  it('keeps a short subtitle and drops a blank one', () => {
    expect(cardSubtitle('Short and sweet')).toBe('Short and sweet');
    expect(cardSubtitle('   ')).toBeNull();
    expect(cardSubtitle(null)).toBeNull();
  });

  it('cuts one very long word too', () => {
    const cut = cardSubtitle('x'.repeat(500))!;
    expect(Array.from(cut).length).toBe(CARD_SUBTITLE_MAX_CHARS);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('says 1 response and 2 responses, 1 clap and 0 claps', () => {
    expect(storyCardTexts.responses(1)).toBe('1 response');
    expect(storyCardTexts.responses(2)).toBe('2 responses');
    expect(storyCardTexts.claps(1)).toBe('1 clap');
    expect(storyCardTexts.claps(0)).toBe('0 claps');
    expect(storyCardTexts.readingTime(0.2)).toBe('1 min read');
    expect(storyCardTexts.readingTime(6.6)).toBe('7 min read');
  });

  it('shortens large counts without rounding up', () => {
    expect(compactCount(999)).toBe('999');
    expect(compactCount(1000)).toBe('1K');
    expect(compactCount(1299)).toBe('1.2K');
    expect(compactCount(12_345)).toBe('12K');
    expect(compactCount(1_560_000)).toBe('1.5M');
  });
});
