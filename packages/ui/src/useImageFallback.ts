import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an image failed to load, for components that then draw a fallback instead of a broken-image icon.
 * `onError` catches failures after hydration; the mount check catches one that happened while the browser showed the
 * server's HTML, before React listened (a loaded-but-empty `<img>` is `complete` with no natural width).
 */
export function useImageFallback(src: string | undefined): {
  failed: boolean;
  ref: RefObject<HTMLImageElement | null>;
  onError: () => void;
} {
  const ref = useRef<HTMLImageElement | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const onError = useCallback(() => setFailedSrc(src ?? null), [src]);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc !== '') setFailedSrc(src ?? null);
  }, [src]);
  return { failed: src !== undefined && failedSrc === src, ref, onError };
}
