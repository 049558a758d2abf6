// The interface's icons: Lucide's (one module per icon, so a bundle holds only those imported here) and a clap
// drawn in the same style, which Lucide lacks. All are decorative: the button or link around one names it.
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Mail from 'lucide-react/icons/mail';
import MailCheck from 'lucide-react/icons/mail-check';
import MessageCircle from 'lucide-react/icons/message-circle';
import Plus from 'lucide-react/icons/plus';
import Rss from 'lucide-react/icons/rss';
import Search from 'lucide-react/icons/search';
import Star from 'lucide-react/icons/star';
import X from 'lucide-react/icons/x';
import type { ComponentType, SVGProps } from 'react';

export interface IconProps {
  /** Side in px (24 unless told). */
  size?: number;
  className?: string;
  /** Filled shape (the clap after the reader clapped, a saved bookmark). */
  filled?: boolean;
}

type LucideLike = ComponentType<
  SVGProps<SVGSVGElement> & { size?: number | string; absoluteStrokeWidth?: boolean }
>;

const fromLucide = (Icon: LucideLike, name: string) => {
  function QuireIcon({ size = 24, className, filled = false }: IconProps) {
    return (
      <Icon
        size={size}
        strokeWidth={1.5}
        className={['q-icon', className].filter(Boolean).join(' ')}
        fill={filled ? 'currentColor' : 'none'}
        aria-hidden="true"
        focusable="false"
      />
    );
  }
  QuireIcon.displayName = name;
  return QuireIcon;
};

export const BellIcon = fromLucide(Bell, 'BellIcon');
export const BookmarkIcon = fromLucide(Bookmark, 'BookmarkIcon');
export const BookmarkSavedIcon = fromLucide(BookmarkCheck, 'BookmarkSavedIcon');
export const ResponseIcon = fromLucide(MessageCircle, 'ResponseIcon');
export const MoreIcon = fromLucide(Ellipsis, 'MoreIcon');
export const SearchIcon = fromLucide(Search, 'SearchIcon');
export const CloseIcon = fromLucide(X, 'CloseIcon');
export const PlusIcon = fromLucide(Plus, 'PlusIcon');
export const RssIcon = fromLucide(Rss, 'RssIcon');
/** The Subscribe button's envelope, and with a check once subscribed. */
export const MailIcon = fromLucide(Mail, 'MailIcon');
export const MailCheckIcon = fromLucide(MailCheck, 'MailCheckIcon');

/** Two hands meeting, with the burst of the clap above them. */
export function ClapIcon({ size = 24, className, filled = false }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={['q-icon', 'q-icon-clap', className].filter(Boolean).join(' ')}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 1.5v2.5M8.2 2.6l1.1 2.1M15.8 2.6l-1.1 2.1" />
      <path
        d="M10.6 21.5c-2.6 0-4.4-1.2-5.6-3.1L2.8 14.7a1.3 1.3 0 0 1 2.2-1.4l1.6 2.3V9.4a1.3 1.3 0 0 1 2.6 0v3.7-5a1.3 1.3 0 0 1 2.6 0v5-3.8a1.3 1.3 0 0 1 2.6 0v6c0 4-1.5 6.2-3.8 6.2z"
        fill={filled ? 'currentColor' : 'none'}
      />
      <path d="M15.6 8.2a1.3 1.3 0 0 1 2.5.4v1.5-2.4a1.3 1.3 0 0 1 2.6 0v6.6c0 3.6-1.5 5.7-3.8 6.3" />
    </svg>
  );
}

/** The members-only star of a story (filled, in the star colour). */
export function MemberStarIcon({ size = 16, className }: Omit<IconProps, 'filled'>) {
  return (
    <Star
      size={size}
      strokeWidth={1.5}
      className={['q-icon', 'q-member-star', className].filter(Boolean).join(' ')}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    />
  );
}
