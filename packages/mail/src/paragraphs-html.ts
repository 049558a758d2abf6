import type { Markup, Paragraph } from '@quire/domain';

/*
 * A story's paragraph model as simple HTML, for feed readers (RSS) and newsletter emails alike: headings,
 * paragraphs, lists, quotes, code, images, rules, and links made absolute.
 */

/** What a link's absolute target becomes in the HTML (an email's click redirect); itself by default. */
export type LinkRewrite = (href: string) => string;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML elements and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** An absolute http(s)/mailto link, resolving site-relative ones against the public URL; null otherwise. */
function safeHref(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, `${base}/`);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

const MARKUP_TAGS: Partial<Record<Markup['type'], string>> = {
  STRONG: 'strong',
  EM: 'em',
  CODE: 'code',
  UNDERLINE: 'u',
  STRIKE: 's',
};

/** A paragraph's text with its markups, each segment wrapped on its own so tags always nest. */
function inlineHtml(paragraph: Paragraph, base: string, link: LinkRewrite): string {
  const text = paragraph.text;
  const markups = paragraph.markups.filter((m) => m.end > m.start && m.start < text.length);
  if (!markups.length) return escapeHtml(text);
  const cuts = new Set([0, text.length]);
  for (const m of markups) {
    cuts.add(m.start);
    cuts.add(Math.min(m.end, text.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  let html = '';
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    let segment = escapeHtml(text.slice(start, end));
    for (const m of markups) {
      if (m.start > start || m.end < end) continue;
      const tag = MARKUP_TAGS[m.type];
      if (tag) segment = `<${tag}>${segment}</${tag}>`;
      else if (m.type === 'A') {
        const href = safeHref(m.href, base);
        if (href) segment = `<a href="${escapeHtml(link(href))}">${segment}</a>`;
      }
    }
    html += segment;
  }
  return html;
}

/** Simple HTML of story paragraphs for feed readers and emails: headings, paragraphs, lists, quotes, code, images, rules. */
export function paragraphsHtml(
  paragraphs: Paragraph[],
  base: string,
  link: LinkRewrite = (href) => href,
): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  for (const paragraph of paragraphs) {
    const kind = paragraph.type === 'ULI' ? 'ul' : paragraph.type === 'OLI' ? 'ol' : null;
    if (list && kind !== list) {
      out.push(`</${list}>`);
      list = null;
    }
    if (kind && !list) {
      out.push(`<${kind}>`);
      list = kind;
    }
    const inner = inlineHtml(paragraph, base, link);
    switch (paragraph.type) {
      case 'H1':
      case 'H2':
      case 'H3':
      case 'H4': {
        const tag = paragraph.type.toLowerCase();
        out.push(`<${tag}>${inner}</${tag}>`);
        break;
      }
      case 'ULI':
      case 'OLI':
        out.push(`<li>${inner}</li>`);
        break;
      case 'BQ':
      case 'PQ':
        out.push(`<blockquote>${inner}</blockquote>`);
        break;
      case 'PRE':
        out.push(`<pre><code>${escapeHtml(paragraph.text)}</code></pre>`);
        break;
      case 'HR':
        out.push('<hr>');
        break;
      case 'IMG': {
        const id = paragraph.metadata?.id;
        if (!id) break;
        const src = `${base}/media/${encodeURIComponent(id)}?w=1400`;
        const alt = escapeHtml(paragraph.metadata?.alt ?? '');
        const caption = paragraph.text ? `<figcaption>${inner}</figcaption>` : '';
        out.push(`<figure><img src="${escapeHtml(src)}" alt="${alt}">${caption}</figure>`);
        break;
      }
      case 'IFRAME': {
        const href = safeHref(paragraph.iframe?.src, base);
        if (href)
          out.push(
            `<p><a href="${escapeHtml(link(href))}">${escapeHtml(paragraph.iframe?.title || href)}</a></p>`,
          );
        break;
      }
      case 'MIXTAPE_EMBED': {
        const href = safeHref(paragraph.mixtapeMetadata?.href, base);
        const label = paragraph.text || paragraph.mixtapeMetadata?.title || href || '';
        if (href) out.push(`<p><a href="${escapeHtml(link(href))}">${escapeHtml(label)}</a></p>`);
        break;
      }
      default:
        if (paragraph.text) out.push(`<p>${inner}</p>`);
    }
  }
  if (list) out.push(`</${list}>`);
  return out.join('\n');
}
