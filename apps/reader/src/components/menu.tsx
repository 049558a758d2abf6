import { TIMERS_MS } from '@quire/domain';
import { MoreIcon } from '@quire/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';

/** A menu's open state; tests may start it open. */
export function useMenu(initialOpen = false) {
  const [open, setOpen] = useState(initialOpen);
  return { open, toggle: () => setOpen((was) => !was), close: () => setOpen(false) };
}

/** Copies text to the clipboard; `copied` shows it worked, and reverts after 2 s (spec §4). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMERS_MS.copiedIndicatorRevert);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback((text: string) => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  }, []);
  return { copied, copy };
}

/** The ··· button and, while open, the menu of `children` under it; `after` follows the menu (a panel it opens). */
export function MenuShell({
  className,
  buttonClassName,
  label,
  open,
  onToggle,
  testId,
  children,
  after,
}: {
  className: string;
  buttonClassName: string;
  label: string;
  open: boolean;
  onToggle: () => void;
  testId?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={className}>
      <button
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={onToggle}
      >
        <MoreIcon size={24} />
      </button>
      {open ? (
        <div className="q-menu" role="menu" data-testid={testId}>
          {children}
        </div>
      ) : null}
      {after}
    </div>
  );
}

/** A menu item that leads to a page. */
export function LinkItem({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a role="menuitem" className="q-menu-item" href={href}>
      {children}
    </a>
  );
}
