import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { MemberStarIcon } from './icons';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** Button looks: outlined (the default), solid dark, the accent colour, or plain text. */
export type ButtonVariant = 'outline' | 'dark' | 'accent' | 'text';

/** The class names of a button look, for links and buttons that render their own element. */
export function buttonClass(variant: ButtonVariant = 'outline', size: 'm' | 's' = 'm'): string {
  return cx(
    'q-button',
    variant === 'dark' && 'q-button-dark',
    variant === 'accent' && 'q-button-accent',
    variant === 'text' && 'q-button-text',
    size === 's' && 'q-button-small',
  );
}

/** A pill-shaped button in one of the design system's looks. */
export function Button({
  variant = 'outline',
  size = 'm',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'm' | 's' }) {
  return <button type={type} className={cx(buttonClass(variant, size), className)} {...rest} />;
}

/** A bordered surface for grouped content (an offer, a settings block, a prompt). */
export function Card({
  children,
  className,
  as: Tag = 'div',
  ...rest
}: {
  children: ReactNode;
  className?: string | undefined;
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  'data-testid'?: string;
}) {
  return (
    <Tag className={cx('q-surface', className)} {...rest}>
      {children}
    </Tag>
  );
}

/** The members-only star, with its name for screen readers and as a tooltip. */
export function MemberStar({ label, size = 16 }: { label: string; size?: number }) {
  return (
    <span className="q-member-badge" title={label} data-testid="member-star">
      <MemberStarIcon size={size} />
      <span className="q-visually-hidden">{label}</span>
    </span>
  );
}

/** A grey placeholder block shown while content loads (it does not pulse for readers who ask for less motion). */
export function Skeleton({
  width,
  height = 16,
  round = false,
  className,
}: {
  width?: number | string | undefined;
  height?: number | string;
  round?: boolean;
  className?: string | undefined;
}) {
  return (
    <span
      className={cx('q-skeleton', round && 'q-skeleton-round', className)}
      style={{ width: width ?? '100%', height }}
      aria-hidden="true"
    />
  );
}

/** The shape of a story card while the list loads, so the page does not jump when the cards arrive. */
export function StoryCardSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="q-card-skeletons" role="status" aria-label="Loading stories" data-testid="card-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div className="q-story-card q-story-card-skeleton" key={i}>
          <div className="q-story-card-main">
            <span className="q-story-card-byline">
              <Skeleton width={20} height={20} round />
              <Skeleton width={140} height={12} />
            </span>
            <Skeleton height={24} />
            <Skeleton width="70%" height={16} />
            <Skeleton width={180} height={12} />
          </div>
          <Skeleton className="q-story-card-thumb" width={160} height={107} />
        </div>
      ))}
    </div>
  );
}

/** What a list shows when it has nothing yet: why, and the next step (a link or a button) when there is one. */
export function EmptyState({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string | undefined;
}) {
  return (
    <div className="q-empty-state" data-testid={testId}>
      <p className="q-empty-state-title">{title}</p>
      {children ? <div className="q-empty-state-body">{children}</div> : null}
      {action ? <div className="q-empty-state-action">{action}</div> : null}
    </div>
  );
}
