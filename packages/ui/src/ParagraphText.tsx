import type { Markup, MarkupType } from '@quire/domain';
import type { ReactNode } from 'react';

// Outer marks wrap inner ones in this order, so overlapping spans nest the same way every time.
const NESTING: MarkupType[] = [
  'A',
  'STRONG',
  'EM',
  'UNDERLINE',
  'STRIKE',
  'CODE',
  'HIGHLIGHT',
  'QUOTE',
  'COMMENT',
  'QUERY',
  'WARNING',
];

function wrap(markup: Markup, child: ReactNode, key: string): ReactNode {
  switch (markup.type) {
    case 'A':
      return (
        <a
          key={key}
          href={markup.href}
          title={markup.title}
          rel={markup.userId ? undefined : 'noopener ugc nofollow'}
        >
          {child}
        </a>
      );
    case 'STRONG':
      return <strong key={key}>{child}</strong>;
    case 'EM':
      return <em key={key}>{child}</em>;
    case 'CODE':
      return <code key={key}>{child}</code>;
    case 'UNDERLINE':
      return <u key={key}>{child}</u>;
    case 'STRIKE':
      return <s key={key}>{child}</s>;
    case 'HIGHLIGHT':
      return (
        <mark key={key} className="q-highlight">
          {child}
        </mark>
      );
    default:
      // QUOTE, COMMENT, QUERY, WARNING: annotations that render as a styled span.
      return (
        <span key={key} className={`q-markup-${markup.type.toLowerCase()}`}>
          {child}
        </span>
      );
  }
}

/** Renders a paragraph's text with its markups (spec §3), splitting at every markup boundary. */
export function ParagraphText({ text, markups }: { text: string; markups: readonly Markup[] }) {
  if (markups.length === 0) return <>{text}</>;
  const cuts = new Set<number>([0, text.length]);
  for (const m of markups) {
    cuts.add(Math.min(m.start, text.length));
    cuts.add(Math.min(m.end, text.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const sorted = [...markups].sort((a, b) => NESTING.indexOf(a.type) - NESTING.indexOf(b.type));
  const pieces: ReactNode[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    if (to <= from) continue;
    let node: ReactNode = text.slice(from, to);
    const active = sorted.filter((m) => m.start <= from && m.end >= to);
    for (let j = active.length - 1; j >= 0; j--) node = wrap(active[j]!, node, `${from}-${j}`);
    pieces.push(<span key={from}>{node}</span>);
  }
  return <>{pieces}</>;
}
