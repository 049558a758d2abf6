import type { Markup, Paragraph } from '@quire/domain';

/*
 * A story's paragraphs (spec §3 paragraph and markup types) as a standalone HTML page and as Markdown, for the
 * data export. Images point at the zip's own images/ folder, so both read offline.
 */

/** Where a story's image is inside the zip, from the story's own folder; null for an image not in the export. */
export type ImagePath = (imageId: string) => string | null;

/** What the serializers need of a story. */
export interface SerializableStory {
  title: string;
  subtitle?: string | null;
  paragraphs: readonly Paragraph[];
  /** Where it is read online, when published. */
  url?: string | null;
  publishedAt?: Date | null;
  author: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Outer marks wrap inner ones in this order (as the reader renders them).
const NESTING = ['A', 'STRONG', 'EM', 'UNDERLINE', 'STRIKE', 'CODE', 'HIGHLIGHT'] as const;
type Kept = (typeof NESTING)[number];
const kept = (m: Markup): m is Markup & { type: Kept } => (NESTING as readonly string[]).includes(m.type);

/** The text cut at every markup boundary, each piece with the marks over it (outermost first). */
function pieces(text: string, markups: readonly Markup[]) {
  const marks = markups.filter(kept);
  const cuts = new Set<number>([0, text.length]);
  for (const m of marks) {
    cuts.add(Math.min(m.start, text.length));
    cuts.add(Math.min(m.end, text.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: { text: string; marks: (Markup & { type: Kept })[] }[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    if (to <= from) continue;
    const over = marks
      .filter((m) => m.start <= from && m.end >= to)
      .sort((a, b) => NESTING.indexOf(a.type) - NESTING.indexOf(b.type));
    out.push({ text: text.slice(from, to), marks: over });
  }
  return out;
}

const safeHref = (href: string | undefined) => (href && /^(https?:|mailto:|\/)/i.test(href) ? href : null);

function inlineHtml(text: string, markups: readonly Markup[]): string {
  return pieces(text, markups)
    .map(({ text: piece, marks }) => {
      let html = escapeHtml(piece).replace(/\n/g, '<br>');
      for (let j = marks.length - 1; j >= 0; j--) {
        const m = marks[j]!;
        const tag = {
          A: 'a',
          STRONG: 'strong',
          EM: 'em',
          UNDERLINE: 'u',
          STRIKE: 's',
          CODE: 'code',
          HIGHLIGHT: 'mark',
        }[m.type];
        const href = m.type === 'A' ? safeHref(m.href) : null;
        if (m.type === 'A' && !href) continue;
        html = href ? `<a href="${escapeHtml(href)}">${html}</a>` : `<${tag}>${html}</${tag}>`;
      }
      return html;
    })
    .join('');
}

function blockHtml(p: Paragraph, image: ImagePath): string {
  const text = inlineHtml(p.text, p.markups);
  switch (p.type) {
    case 'H1':
    case 'COVER_TITLE':
      return `<h1>${text}</h1>`;
    case 'H2':
      return `<h2>${text}</h2>`;
    case 'H3':
      return `<h3>${text}</h3>`;
    case 'H4':
      return `<h4>${text}</h4>`;
    case 'BQ':
      return `<blockquote>${text}</blockquote>`;
    case 'PQ':
      return `<blockquote class="pullquote">${text}</blockquote>`;
    case 'PRE':
      return `<pre><code${p.codeBlockLanguage ? ` class="language-${escapeHtml(p.codeBlockLanguage)}"` : ''}>${escapeHtml(p.text)}</code></pre>`;
    case 'HR':
      return '<hr>';
    case 'IMG': {
      const src = p.metadata ? image(p.metadata.id) : null;
      const img = src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(p.metadata?.alt ?? '')}">` : '';
      return `<figure>${img}${p.text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
    }
    case 'IFRAME':
      return p.iframe
        ? `<p><a href="${escapeHtml(p.iframe.src)}">${escapeHtml(p.iframe.title ?? p.iframe.src)}</a></p>`
        : '';
    case 'MIXTAPE_EMBED':
      return p.mixtapeMetadata
        ? `<p><a href="${escapeHtml(p.mixtapeMetadata.href)}">${escapeHtml(p.mixtapeMetadata.title ?? p.text)}</a></p>`
        : '';
    default:
      return `<p>${text}</p>`;
  }
}

/** The story as a standalone HTML page (UTF-8, no scripts, no remote resources but its links). */
export function storyHtml(story: SerializableStory, image: ImagePath): string {
  const body: string[] = [];
  const ps = story.paragraphs;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (p.type === 'OLI' || p.type === 'ULI') {
      const tag = p.type === 'OLI' ? 'ol' : 'ul';
      const items: string[] = [];
      for (; i < ps.length && ps[i]!.type === p.type; i++) {
        items.push(`<li>${inlineHtml(ps[i]!.text, ps[i]!.markups)}</li>`);
      }
      i--;
      body.push(`<${tag}>${items.join('')}</${tag}>`);
    } else {
      body.push(blockHtml(p, image));
    }
  }
  const title = escapeHtml(story.title || 'Untitled');
  const meta = [
    `By ${escapeHtml(story.author)}`,
    story.publishedAt ? `published ${story.publishedAt.toISOString().slice(0, 10)}` : 'draft',
  ].join(', ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${title}</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<style>body{max-width:680px;margin:2rem auto;padding:0 1rem;font:18px/1.6 Georgia,serif}img{max-width:100%}pre{overflow:auto}</style>',
    '</head>',
    '<body>',
    '<article>',
    `<header><h1>${title}</h1>${story.subtitle ? `<p><em>${escapeHtml(story.subtitle)}</em></p>` : ''}<p>${meta}${
      story.url ? ` · <a href="${escapeHtml(story.url)}">${escapeHtml(story.url)}</a>` : ''
    }</p></header>`,
    ...body,
    '</article>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Markdown's special characters in running text, escaped so the text reads back as itself. */
const escapeMarkdown = (s: string) => s.replace(/([\\`*_[\]<>#|~])/g, '\\$1');

function inlineMarkdown(text: string, markups: readonly Markup[]): string {
  return pieces(text, markups)
    .map(({ text: piece, marks }) => {
      const code = marks.some((m) => m.type === 'CODE');
      let md = code ? `\`${piece.replace(/`/g, 'ˋ')}\`` : escapeMarkdown(piece);
      for (let j = marks.length - 1; j >= 0; j--) {
        const m = marks[j]!;
        if (m.type === 'STRONG') md = `**${md}**`;
        else if (m.type === 'EM') md = `*${md}*`;
        else if (m.type === 'STRIKE') md = `~~${md}~~`;
        else if (m.type === 'A' && safeHref(m.href))
          md = `[${md}](${safeHref(m.href)!.replace(/[()\s]/g, encodeURIComponent)})`;
      }
      return md;
    })
    .join('')
    .replace(/\n/g, '  \n');
}

function blockMarkdown(p: Paragraph, image: ImagePath): string {
  const text = inlineMarkdown(p.text, p.markups);
  switch (p.type) {
    case 'H1':
    case 'COVER_TITLE':
      return `# ${text}`;
    case 'H2':
      return `## ${text}`;
    case 'H3':
      return `### ${text}`;
    case 'H4':
      return `#### ${text}`;
    case 'BQ':
    case 'PQ':
      return text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'PRE': {
      const fence = p.text.includes('```') ? '~~~~' : '```';
      return `${fence}${p.codeBlockLanguage ?? ''}\n${p.text}\n${fence}`;
    }
    case 'HR':
      return '---';
    case 'IMG': {
      const src = p.metadata ? image(p.metadata.id) : null;
      const img = src ? `![${escapeMarkdown(p.metadata?.alt ?? '')}](${src})` : '';
      return [img, p.text ? `*${text}*` : ''].filter(Boolean).join('\n\n');
    }
    case 'IFRAME':
      return p.iframe ? `[${escapeMarkdown(p.iframe.title ?? p.iframe.src)}](${p.iframe.src})` : '';
    case 'MIXTAPE_EMBED':
      return p.mixtapeMetadata
        ? `[${escapeMarkdown(p.mixtapeMetadata.title ?? p.text)}](${p.mixtapeMetadata.href})`
        : '';
    case 'OLI':
      return `1. ${text}`;
    case 'ULI':
      return `- ${text}`;
    default:
      return text;
  }
}

/** The story as Markdown: a title, a line about it, then its paragraphs (list items kept together). */
export function storyMarkdown(story: SerializableStory, image: ImagePath): string {
  const out: string[] = [`# ${escapeMarkdown(story.title || 'Untitled')}`];
  if (story.subtitle) out.push(`*${escapeMarkdown(story.subtitle)}*`);
  out.push(
    [
      `By ${escapeMarkdown(story.author)}`,
      story.publishedAt ? `published ${story.publishedAt.toISOString().slice(0, 10)}` : 'draft',
      story.url ?? '',
    ]
      .filter(Boolean)
      .join(' · '),
  );
  let previous: Paragraph['type'] | null = null;
  for (const p of story.paragraphs) {
    const block = blockMarkdown(p, image);
    if (!block) continue;
    const sameList = (p.type === 'OLI' || p.type === 'ULI') && previous === p.type;
    if (sameList) out[out.length - 1] += `\n${block}`;
    else out.push(block);
    previous = p.type;
  }
  return `${out.join('\n\n')}\n`;
}

/** A response's text as Markdown paragraphs (responses have no title). */
export function paragraphsMarkdown(paragraphs: readonly Paragraph[], image: ImagePath): string {
  return paragraphs
    .map((p) => blockMarkdown(p, image))
    .filter(Boolean)
    .join('\n\n');
}
