import { imageUrl } from '@quire/domain';
import { useImageFallback } from './useImageFallback';

/** Crops of an image at each width, keeping the box's aspect ratio, as a `srcSet` with width descriptors. */
export function croppedSrcSet(
  imageId: string,
  box: { width: number; height: number },
  widths: readonly number[],
) {
  const at = (w: number) =>
    imageUrl(imageId, { width: w, height: Math.round((w * box.height) / box.width), strategy: 'crop' });
  return { src: at(box.width), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', ') };
}

/**
 * A story's picture cropped to a fixed box (a card's thumbnail): served at the widths the layout needs through
 * the image URL's variants, with width and height set so nothing moves when it arrives, lazy unless `eager`. A
 * picture that fails to load is left out rather than shown as a broken image.
 */
export function Thumbnail({
  imageId,
  width,
  height,
  widths = [width, width * 2],
  sizes,
  alt = '',
  eager = false,
  className = 'q-thumbnail',
}: {
  imageId: string;
  /** The largest box it is shown in, in CSS px. */
  width: number;
  height: number;
  /** The image widths offered (the box at 1x and 2x unless told). */
  widths?: readonly number[];
  /** The `sizes` attribute, when the box shrinks on small screens. */
  sizes?: string | undefined;
  alt?: string;
  /** Above the fold: load at once and early. */
  eager?: boolean;
  className?: string;
}) {
  const { src, srcSet } = croppedSrcSet(imageId, { width, height }, widths);
  const { failed, ref, onError } = useImageFallback(src);
  if (failed) return null;
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={sizes ?? `${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={onError}
      data-testid="thumbnail"
    />
  );
}
