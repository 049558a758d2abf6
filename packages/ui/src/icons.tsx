// The interface's icons: Lucide's drawings (one module per icon, so a bundle holds only those imported here) and a
// clap drawn in the same style, which Lucide lacks. All are decorative: the button or link around one names it.
// Each icon's shapes are one string made once, inside an <svg> whose stroke style is in ui.css (.q-icon): a page
// with sixty icons renders sixty elements, not three hundred, and sends a third of the bytes it did.
import { __iconData as bell } from 'lucide-react/icons/bell';
import { __iconData as bookmark } from 'lucide-react/icons/bookmark';
import { __iconData as bookmarkCheck } from 'lucide-react/icons/bookmark-check';
import { __iconData as ellipsis } from 'lucide-react/icons/ellipsis';
import { __iconData as mail } from 'lucide-react/icons/mail';
import { __iconData as mailCheck } from 'lucide-react/icons/mail-check';
import { __iconData as messageCircle } from 'lucide-react/icons/message-circle';
import { __iconData as plus } from 'lucide-react/icons/plus';
import { __iconData as rss } from 'lucide-react/icons/rss';
import { __iconData as search } from 'lucide-react/icons/search';
import { __iconData as star } from 'lucide-react/icons/star';
import { __iconData as x } from 'lucide-react/icons/x';
import type { LucideIconNode } from 'lucide-react/types';

export interface IconProps {
  /** Side in px (24 unless told). */
  size?: number;
  className?: string;
  /** Filled shape (the clap after the reader clapped, a saved bookmark). */
  filled?: boolean;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;' };

/** SVG shapes as markup: attribute names in SVG's spelling (`strokeWidth` is `stroke-width`), values escaped. */
export function shapesMarkup(nodes: readonly LucideIconNode[]): string {
  return nodes
    .map(([tag, attributes, children]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(
          ([name, value]) =>
            ` ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${String(value).replace(/[&"<]/g, (c) => ATTRIBUTE_ESCAPES[c]!)}"`,
        )
        .join('');
      return `<${tag}${attrs}>${children ? shapesMarkup(children) : ''}</${tag}>`;
    })
    .join('');
}

/** A Lucide icon's drawing, as its module exports it beside its component (`__iconData`, see lucide-icon-data.d.ts). */
function drawingOf(data: { node?: LucideIconNode[] } | undefined, name: string): { __html: string } {
  if (!data?.node) throw new Error(`Lucide's ${name} icon has no drawing`);
  return { __html: shapesMarkup(data.node) };
}

function svgIcon(
  { size = 24, className }: Omit<IconProps, 'filled'>,
  classes: string,
  shapes: { __html: string },
) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className ? `${classes} ${className}` : classes}
      aria-hidden="true"
      focusable="false"
      // A constant string of Lucide's shapes (or ours): nothing a reader wrote goes in it.
      dangerouslySetInnerHTML={shapes}
    />
  );
}

const fromLucide = (data: { node?: LucideIconNode[] } | undefined, name: string) => {
  const shapes = drawingOf(data, name);
  function QuireIcon({ filled = false, ...props }: IconProps) {
    return svgIcon(props, filled ? 'q-icon q-icon-filled' : 'q-icon', shapes);
  }
  QuireIcon.displayName = name;
  return QuireIcon;
};

export const BellIcon = fromLucide(bell, 'BellIcon');
export const BookmarkIcon = fromLucide(bookmark, 'BookmarkIcon');
export const BookmarkSavedIcon = fromLucide(bookmarkCheck, 'BookmarkSavedIcon');
export const ResponseIcon = fromLucide(messageCircle, 'ResponseIcon');
export const MoreIcon = fromLucide(ellipsis, 'MoreIcon');
export const SearchIcon = fromLucide(search, 'SearchIcon');
export const CloseIcon = fromLucide(x, 'CloseIcon');
export const PlusIcon = fromLucide(plus, 'PlusIcon');
export const RssIcon = fromLucide(rss, 'RssIcon');
/** The Subscribe button's envelope, and with a check once subscribed. */
export const MailIcon = fromLucide(mail, 'MailIcon');
export const MailCheckIcon = fromLucide(mailCheck, 'MailCheckIcon');

/** The clap's hands (the left one fills once the reader clapped), and the burst above them. */
const clapShapes = (filled: boolean) => ({
  __html: shapesMarkup([
    ['path', { d: 'M12 1.5v2.5M8.2 2.6l1.1 2.1M15.8 2.6l-1.1 2.1' }],
    [
      'path',
      {
        d: 'M10.6 21.5c-2.6 0-4.4-1.2-5.6-3.1L2.8 14.7a1.3 1.3 0 0 1 2.2-1.4l1.6 2.3V9.4a1.3 1.3 0 0 1 2.6 0v3.7-5a1.3 1.3 0 0 1 2.6 0v5-3.8a1.3 1.3 0 0 1 2.6 0v6c0 4-1.5 6.2-3.8 6.2z',
        ...(filled ? { fill: 'currentColor' } : {}),
      },
    ],
    ['path', { d: 'M15.6 8.2a1.3 1.3 0 0 1 2.5.4v1.5-2.4a1.3 1.3 0 0 1 2.6 0v6.6c0 3.6-1.5 5.7-3.8 6.3' }],
  ]),
});
const CLAP = clapShapes(false);
const CLAP_FILLED = clapShapes(true);

/** Two hands meeting, with the burst of the clap above them. */
export function ClapIcon({ filled = false, ...props }: IconProps) {
  return svgIcon(props, 'q-icon q-icon-clap', filled ? CLAP_FILLED : CLAP);
}

const STAR = drawingOf(star, 'MemberStarIcon');

/** The members-only star of a story (filled, in the star colour). */
export function MemberStarIcon({ size = 16, className }: Omit<IconProps, 'filled'>) {
  return svgIcon({ size, className }, 'q-icon q-icon-filled q-member-star', STAR);
}
