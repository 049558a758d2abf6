import type { Paragraph } from './paragraph';

/*
 * Highlights (spec §1 "highlight"; §3 Notification.quote: id, startOffset, endOffset, paragraphs). A highlight is a
 * span of one paragraph, named by the paragraph's name and offsets into its text (UTF-16 code units, as the
 * browser's selection counts them), with the text as it was. The limits and every word here are ours.
 */

/** The longest passage one highlight keeps. */
export const HIGHLIGHT_QUOTE_MAX = 2000;
/** How many readers must highlight the same passage before it shows as the story's top highlight. */
export const TOP_HIGHLIGHT_MIN_READERS = 2;

export const highlightTexts = {
  highlight: 'Highlight',
  removeHighlight: 'Remove highlight',
  highlighted: 'Highlighted. Find it on your profile.',
  removed: 'Highlight removed.',
  topHighlight: 'Top highlight',
  notAPassage: 'Select text within one paragraph of the story to highlight it.',
  tooLong: `A highlight is at most ${HIGHLIGHT_QUOTE_MAX} characters.`,
  notFound: 'This highlight does not exist.',
  quotesTitle: (title: string) => `Highlights of “${title}”`,
  quoteTitle: (title: string) => `A passage of “${title}”`,
  readers: (n: number) => `${n} ${n === 1 ? 'reader' : 'readers'} highlighted this`,
  highlightedBy: (name: string) => `Highlighted by ${name}`,
  readInStory: 'Read it in the story',
  noQuotes: 'Nobody has highlighted this story yet.',
  membersOnlyQuote: 'This passage is in a members-only story.',
} as const;

/** Where a highlight sits in a story's paragraphs today. */
export interface HighlightAnchor {
  paragraphName: string;
  startOffset: number;
  endOffset: number;
}

/**
 * Finds a highlight in the story as it is now. Paragraph names do not change when other paragraphs are edited,
 * so a highlight stays where it was while its own text is there; when its paragraph was edited it moves to the
 * occurrence of its text nearest the old offset, or to another paragraph holding the text (one split off, say);
 * null when the text is gone from the story.
 */
export function anchorHighlight(
  paragraphs: readonly Pick<Paragraph, 'name' | 'text'>[],
  highlight: HighlightAnchor & { quote: string },
): HighlightAnchor | null {
  const { quote } = highlight;
  if (!quote) return null;
  const own = paragraphs.find((p) => p.name === highlight.paragraphName);
  if (own?.text.slice(highlight.startOffset, highlight.endOffset) === quote) {
    return { paragraphName: own.name, startOffset: highlight.startOffset, endOffset: highlight.endOffset };
  }
  const nearest = (text: string, around: number): number => {
    let best = -1;
    for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
      if (best === -1 || Math.abs(at - around) < Math.abs(best - around)) best = at;
    }
    return best;
  };
  const ordered = own ? [own, ...paragraphs.filter((p) => p !== own)] : paragraphs;
  for (const p of ordered) {
    const at = nearest(p.text, p === own ? highlight.startOffset : 0);
    if (at !== -1) return { paragraphName: p.name, startOffset: at, endOffset: at + quote.length };
  }
  return null;
}
