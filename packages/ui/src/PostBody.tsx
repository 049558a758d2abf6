import { imageUrl, type Markup, type Paragraph } from '@quire/domain';
import type { ReactNode } from 'react';
import { ParagraphText } from './ParagraphText';
import { useImageFallback } from './useImageFallback';

/** Spec §5 image URL rule, for the reader: resized variants served from /media/{id}. */
function imageSrc(id: string, width: number): string {
  return imageUrl(id, { width });
}

/** The widths a story picture is offered at: a phone's column, the layout's width and twice it, none wider than the original. */
function imageSrcSet(id: string, width: number, originalWidth: number | undefined): string {
  const widths = [375, 750, width, width * 2].filter(
    (w, i, all) =>
      w <= width * 2 && all.indexOf(w) === i && (!originalWidth || w <= Math.max(originalWidth, 375)),
  );
  return widths
    .sort((a, b) => a - b)
    .map((w) => `${imageSrc(id, w)} ${w}w`)
    .join(', ');
}

const IMAGE_WIDTH: Record<string, number> = {
  INSET: 680,
  OUTSET: 1192,
  FULL_WIDTH: 2000,
  FILL: 2000,
  FIT: 1192,
  TILE: 600,
};

/**
 * An image this early in a story is likely on the first screen and its largest element: it loads
 * at once and first, instead of waiting for layout as lazy images do.
 */
const EAGER_IMAGE_PARAGRAPHS = 4;

function Figure({ p, eager = false }: { p: Paragraph; eager?: boolean }) {
  const layout = p.layout ?? 'INSET';
  const width = IMAGE_WIDTH[layout] ?? 680;
  const meta = p.metadata;
  const src = meta ? imageSrc(meta.id, width) : undefined;
  // A picture that cannot load leaves its caption rather than a broken-image icon.
  const { failed, ref, onError } = useImageFallback(src);
  return (
    <figure className={`q-figure q-layout-${layout.toLowerCase()}`} id={p.name}>
      {meta && !failed ? (
        <img
          ref={ref}
          src={src}
          srcSet={imageSrcSet(meta.id, width, meta.originalWidth)}
          sizes={`(max-width: ${width + 47}px) 100vw, ${width}px`}
          onError={onError}
          alt={meta.alt ?? ''}
          width={meta.originalWidth}
          height={meta.originalHeight}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      ) : null}
      {p.text ? (
        <figcaption>
          <ParagraphText text={p.text} markups={p.markups} />
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The heading paragraph types by the size they show at (spec: H3 is a story's big heading, H4 its small one). */
const HEADING_SIZE: Partial<Record<Paragraph['type'], number>> = {
  H1: 1,
  COVER_TITLE: 1,
  H2: 2,
  H3: 3,
  H4: 4,
};

/**
 * The element level of each heading: the page's title is its only h1, so a story's largest heading size is h2,
 * the next size h3 and so on, and no heading is more than one level below the one before it, so assistive
 * technology finds no skipped level.
 */
function headingLevels(paragraphs: readonly Paragraph[]): Map<Paragraph, number> {
  const sizes = [...new Set(paragraphs.map((p) => HEADING_SIZE[p.type]).filter((s) => s !== undefined))];
  const rank = new Map(sizes.sort((a, b) => a - b).map((size, i) => [size, Math.min(2 + i, 6)]));
  const levels = new Map<Paragraph, number>();
  let previous = 1;
  for (const p of paragraphs) {
    const size = HEADING_SIZE[p.type];
    if (size === undefined) continue;
    previous = Math.min(rank.get(size) ?? 2, previous + 1);
    levels.set(p, previous);
  }
  return levels;
}

function Heading({ p, level, children }: { p: Paragraph; level: number; children: ReactNode }) {
  const Tag = `h${level}` as 'h2';
  return (
    <Tag id={p.name} className={`q-heading-${p.type.toLowerCase()}`}>
      {children}
    </Tag>
  );
}

function Block({
  p,
  markups,
  eager,
  levels,
}: {
  p: Paragraph;
  markups: readonly Markup[];
  eager: boolean;
  levels: Map<Paragraph, number>;
}): ReactNode {
  const text = <ParagraphText text={p.text} markups={markups} />;
  if (levels.has(p)) {
    return (
      <Heading p={p} level={levels.get(p) ?? 2}>
        {text}
      </Heading>
    );
  }
  switch (p.type) {
    case 'BQ':
      return <blockquote id={p.name}>{text}</blockquote>;
    case 'PQ':
      return (
        <blockquote id={p.name} className="q-pullquote">
          {text}
        </blockquote>
      );
    case 'PRE':
      return (
        // A long line scrolls within the block, which keyboard readers reach by focusing it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
        <pre id={p.name} data-lang={p.codeBlockLanguage} tabIndex={0}>
          <code>{text}</code>
        </pre>
      );
    case 'HR':
      return <hr id={p.name} />;
    case 'IMG':
      return <Figure p={p} eager={eager} />;
    case 'IFRAME':
      return p.iframe ? <Embed name={p.name} iframe={p.iframe} /> : null;
    case 'MIXTAPE_EMBED':
      return p.mixtapeMetadata ? (
        <a id={p.name} className="q-mixtape" href={p.mixtapeMetadata.href} rel="noopener ugc nofollow">
          <strong>{p.mixtapeMetadata.title ?? p.text}</strong>
          {p.mixtapeMetadata.description ? <span>{p.mixtapeMetadata.description}</span> : null}
        </a>
      ) : null;
    case 'SECTION_CAPTION':
      return (
        <p id={p.name} className="q-section-caption">
          {text}
        </p>
      );
    default:
      return <p id={p.name}>{text}</p>;
  }
}

/** Groups consecutive list items into <ol>/<ul> and renders every paragraph of a story. */
export function PostBody({
  paragraphs,
  marks,
  labels,
}: {
  paragraphs: readonly Paragraph[];
  /** Markups drawn over the text without being part of it (a reader's highlights), by paragraph name. */
  marks?: Readonly<Record<string, readonly Markup[]>>;
  /** A short label shown before a paragraph ('Top highlight'), by paragraph name. */
  labels?: Readonly<Record<string, string>>;
}) {
  const markupsOf = (p: Paragraph) => (marks?.[p.name] ? [...p.markups, ...marks[p.name]!] : p.markups);
  const out: ReactNode[] = [];
  const firstImage = paragraphs.findIndex((p) => p.type === 'IMG' && p.metadata);
  const levels = headingLevels(paragraphs);
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    if (p.type === 'OLI' || p.type === 'ULI') {
      const items: Paragraph[] = [];
      while (i < paragraphs.length && paragraphs[i]!.type === p.type) items.push(paragraphs[i++]!);
      i--;
      const children = items.map((item) => (
        <li key={item.name} id={item.name}>
          <ParagraphText text={item.text} markups={markupsOf(item)} />
        </li>
      ));
      out.push(p.type === 'OLI' ? <ol key={p.name}>{children}</ol> : <ul key={p.name}>{children}</ul>);
    } else {
      const label = labels?.[p.name];
      if (label)
        out.push(
          <p key={`${p.name}-label`} className="q-paragraph-label">
            {label}
          </p>,
        );
      out.push(
        <Block
          key={p.name}
          p={p}
          markups={markupsOf(p)}
          levels={levels}
          eager={i === firstImage && i < EAGER_IMAGE_PARAGRAPHS}
        />,
      );
    }
  }
  return <div className="q-post-body">{out}</div>;
}

/** An embedded player: as wide as the column at most, keeping its own aspect ratio on any screen. */
function Embed({ name, iframe }: { name: string; iframe: NonNullable<Paragraph['iframe']> }) {
  const width = iframe.width || 680;
  const height = iframe.height || 382;
  return (
    <figure id={name} className="q-embed">
      <iframe
        src={iframe.src}
        title={iframe.title ?? 'Embedded content'}
        width={width}
        height={height}
        style={{ aspectRatio: `${width} / ${height}` }}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-popups"
      />
    </figure>
  );
}
