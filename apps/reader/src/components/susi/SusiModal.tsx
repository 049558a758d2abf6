import { initialSusiState, type SusiState, useSusiStore } from '@quire/client-state';
import { authUiTexts, type SusiOperation, type SusiStep, type TwoFactorMethod } from '@quire/domain';
import { CloseIcon, useFocusTrap } from '@quire/ui';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useShake } from './fields';
import { useAuthUi } from './lazy';

/** How a page opens the modal: the query string of /m/signin, or a page that needs a signed-in viewer. */
export interface SusiPageOpen {
  step?: SusiStep;
  operation?: SusiOperation;
  entryPoint?: string | null;
  redirect?: string | null;
  email?: string | null;
  twoFactorToken?: string | null;
  twoFactorMethod?: TwoFactorMethod | null;
}

/**
 * The sign-in and sign-up modal (spec §2, §4): 678px wide, 600px on medium screens, full screen on small ones.
 *
 * Without `page` it is the overlay the top bar opens, shown while the store is open. With `page` it belongs to
 * the page (/m/signin, or a page that needs a signed-in viewer): rendered open on the server from `page`, kept
 * open in the store as embedded, and closing it calls `onClose` to leave the page.
 */
export function SusiModal({
  page,
  notice,
  onClose,
}: {
  page?: SusiPageOpen;
  /** A message above the steps (the lockout notice of /m/signin). */
  notice?: string | null;
  onClose?(): void;
}) {
  const state = useSusiStore();
  const { isOpen, embedded } = state;
  const { step, operation, entryPoint, redirect, email, twoFactorToken, twoFactorMethod } = page ?? {};
  const isPage = !!page;
  const openOptions = { redirect, embedded: true, email, twoFactorToken, twoFactorMethod };

  // The server and the hydrating browser see the store's initial (closed) state: a page renders from its props
  // until the store is open, and reopens it whenever an overlay opened on top of it closes.
  useEffect(() => {
    if (isPage && !isOpen) {
      useSusiStore.getState().open(step, operation, entryPoint, {
        redirect,
        embedded: true,
        email,
        twoFactorToken,
        twoFactorMethod,
      });
    }
  }, [isPage, isOpen, step, operation, entryPoint, redirect, email, twoFactorToken, twoFactorMethod]);

  const view: SusiState | null = isPage
    ? isOpen
      ? embedded
        ? state
        : null
      : initialSusiState(step, operation, entryPoint, openOptions)
    : isOpen && !embedded
      ? state
      : null;

  const close = () => {
    useSusiStore.getState().close();
    onClose?.();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  const shown = !!view;
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [shown]);

  const ui = useAuthUi(shown);
  // Tab cycles inside the modal; closing it gives focus back to what opened it (Escape: the listener above).
  const dialogRef = useFocusTrap<HTMLDivElement>(shown);
  const shownStep = ui ? view?.step : undefined;
  useEffect(() => {
    if (!shownStep) return;
    const first = dialogRef.current?.querySelector<HTMLElement>('input:not([hidden]), .q-susi-step button');
    first?.focus();
  }, [shownStep]);

  const pressedBackdrop = useRef(false);
  const shaking = useShake(state.shakeCount);
  if (!view) return null;

  // Only a click that starts and ends on the backdrop closes (not a text selection dragged out of a field).
  const onBackdropDown = (e: MouseEvent) => {
    pressedBackdrop.current = e.target === e.currentTarget;
  };
  const onBackdrop = (e: MouseEvent) => {
    if (pressedBackdrop.current && e.target === e.currentTarget) close();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: Escape closes too (keydown listener above).
    <div className="q-susi-backdrop" onMouseDown={onBackdropDown} onClick={onBackdrop}>
      <div
        ref={dialogRef}
        className={shaking ? 'q-susi q-shake' : 'q-susi'}
        role="dialog"
        aria-modal="true"
        aria-labelledby="q-susi-title"
        data-step={view.step}
        data-operation={view.operation}
      >
        <button type="button" className="q-susi-close" aria-label={authUiTexts.close} onClick={close}>
          <CloseIcon size={24} />
        </button>
        {notice ? (
          <p className="q-form-error q-susi-notice" role="alert">
            {notice}
          </p>
        ) : null}
        {ui ? (
          <ui.SusiFlowProvider>
            <ui.StepView view={view} />
          </ui.SusiFlowProvider>
        ) : (
          <div className="q-susi-step" aria-busy="true" />
        )}
      </div>
    </div>
  );
}
