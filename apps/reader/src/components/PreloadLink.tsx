import { type AnchorHTMLAttributes, createContext, useContext, useEffect, useRef } from 'react';
import { createPreloadController, type PreloadController } from '../lib/preload';

/** Preloads the page behind a link (its route's queries into React Query); a no-op outside the app. */
export type PreloadPage = (href: string) => void;

export const PreloadContext = createContext<PreloadPage>(() => {});

export type PreloadLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /**
   * 'hover' (the default) preloads after 100ms of hover or on focus; 'render' also preloads at once;
   * 'none' never preloads (a members-only story: opening it counts against the reader's free stories).
   */
  preload?: 'hover' | 'render' | 'none';
};

/** Spec §2 preloading: a link whose page data is fetched ahead of the click. */
export function PreloadLink({ href, preload = 'hover', ...props }: PreloadLinkProps) {
  const preloadPage = useContext(PreloadContext);
  const controller = useRef<PreloadController | null>(null);
  const latest = useRef({ href, preloadPage });
  latest.current = { href, preloadPage };
  const get = () => {
    controller.current ??= createPreloadController({
      prefetch: () => {
        if (preload !== 'none') latest.current.preloadPage(latest.current.href);
      },
    });
    return controller.current;
  };
  useEffect(() => {
    if (preload === 'render') get().render();
    return () => controller.current?.dispose();
  }, [preload]);
  return (
    <a
      {...props}
      href={href}
      onPointerEnter={(e) => {
        get().pointerEnter();
        props.onPointerEnter?.(e);
      }}
      onPointerLeave={(e) => {
        get().pointerLeave();
        props.onPointerLeave?.(e);
      }}
      onFocus={(e) => {
        get().focus();
        props.onFocus?.(e);
      }}
    />
  );
}
