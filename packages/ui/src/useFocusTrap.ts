import { type RefObject, useEffect, useRef } from 'react';

/** What the keyboard can reach inside a modal (WAI-ARIA dialog pattern). */
const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The element's focusable descendants that are shown, in tab order (positive tabindex aside, which Quire never uses). */
export function tabbablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/** The traps shown, the newest last: only the top one (a dialog opened from a dialog) handles the keys. */
const stack: object[] = [];

/**
 * The elements focused lately, newest last. A menu item that opens a dialog is gone once the dialog shows, so
 * focus returns to the newest of them still in the page (the menu's button).
 */
let recent: HTMLElement[] | null = null;
function focusHistory(): HTMLElement[] {
  if (!recent) {
    const history: HTMLElement[] = [];
    recent = history;
    document.addEventListener(
      'focusin',
      (event) => {
        if (!(event.target instanceof HTMLElement)) return;
        history.push(event.target);
        if (history.length > 10) history.shift();
      },
      true,
    );
  }
  return recent;
}
// Listening from the start, so the history holds what was focused before the first dialog opens.
if (typeof document !== 'undefined') focusHistory();

export interface FocusTrapOptions {
  /** Called on Escape while this trap is the top one. */
  onEscape?(): void;
}

/**
 * Keeps keyboard focus inside a modal while `active`: focus moves in (to the element marked `data-autofocus`, else
 * the first control, else the modal itself), Tab and Shift+Tab cycle within it, Escape calls `onEscape`, and when
 * the modal closes focus goes back to the element that opened it. Attach the returned ref to the modal's element.
 */
export function useFocusTrap<T extends HTMLElement = HTMLDivElement>(
  active: boolean,
  options: FocusTrapOptions = {},
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const onEscape = useRef(options.onEscape);
  onEscape.current = options.onEscape;

  useEffect(() => {
    if (!active) return;
    const token = {};
    stack.push(token);
    const openers = [...focusHistory()];
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      openers.push(document.activeElement);

    const focusInside = () => {
      const container = ref.current;
      if (!container || container.contains(document.activeElement)) return;
      const target = container.querySelector<HTMLElement>('[data-autofocus]') ?? tabbablesIn(container)[0];
      if (target) return target.focus();
      if (!container.hasAttribute('tabindex')) container.tabIndex = -1;
      container.focus();
    };
    focusInside();

    const onKey = (event: KeyboardEvent) => {
      if (stack.at(-1) !== token || event.defaultPrevented) return;
      const container = ref.current;
      if (!container) return;
      if (event.key === 'Escape' && onEscape.current) {
        event.preventDefault();
        onEscape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbablesIn(container);
      const first = items[0];
      const last = items.at(-1);
      const current = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const outside = !container.contains(current);
      if (event.shiftKey && (outside || current === first || current === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves by other means (a click on the page behind, a screen reader) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (stack.at(-1) !== token) return;
      const container = ref.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) focusInside();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(token), 1);
      // Back to the opener, unless the closing action moved focus somewhere on purpose.
      const current = document.activeElement;
      const lost =
        !current || current === document.body || !current.isConnected || !!ref.current?.contains(current);
      if (!lost) return;
      const opener = openers.reverse().find((el) => el.isConnected && !ref.current?.contains(el));
      opener?.focus();
    };
  }, [active]);

  return ref;
}
