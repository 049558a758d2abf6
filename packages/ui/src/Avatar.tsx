import { AVATAR_SIZES, type AvatarSize, imageUrl } from '@quire/domain';
import type { CSSProperties } from 'react';
import { useImageFallback } from './useImageFallback';

/** Up to two initials from a display name ('Ada Lovelace' → 'AL', 'ada' → 'A'), or '?' when it has no letters. */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[\s\-_.]+/u)
    .map((word) => Array.from(word.replace(/[^\p{L}\p{N}]/gu, ''))[0])
    .filter((initial): initial is string => Boolean(initial));
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return picked.join('').toLocaleUpperCase() || '?';
}

/** A stable hue (0–359) for a name, so a person's initials avatar keeps its colour on every page and render. */
export function avatarHue(seed: string): number {
  let hash = 0;
  for (const ch of seed) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 360;
}

/** Square crops of an image at 1x and 2x, for `src` and `srcSet`. */
export function squareImage(imageId: string, px: number): { src: string; srcSet: string } {
  const at = (pixelRatio: number) =>
    imageUrl(imageId, { width: px, height: px, strategy: 'crop', ...(pixelRatio > 1 ? { pixelRatio } : {}) });
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` };
}

/**
 * A person's photo or a publication's logo at a spec §9 avatar size, in a circle (or a rounded square for
 * publications). Without an image, or when it fails to load, the initials of the name are drawn instead.
 * The name is usually printed beside it, so the image is decorative unless `label` is given.
 */
export function Avatar({
  name,
  imageId,
  size = 'XS',
  shape = 'circle',
  label,
  lazy = false,
  className,
}: {
  name: string;
  imageId?: string | null | undefined;
  size?: AvatarSize;
  shape?: 'circle' | 'square';
  /** Alt text when the avatar stands alone (e.g. the only content of a link). */
  label?: string | undefined;
  lazy?: boolean;
  className?: string | undefined;
}) {
  const px = AVATAR_SIZES[size];
  const image = imageId ? squareImage(imageId, px) : undefined;
  const { failed, ref, onError } = useImageFallback(image?.src);
  const classes = [
    'q-avatar',
    `q-avatar-${size.toLowerCase()}`,
    shape === 'square' ? 'q-avatar-square' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const style = { width: px, height: px, '--q-avatar-hue': avatarHue(name) } as CSSProperties;
  return (
    <span
      className={classes}
      style={style}
      data-testid="avatar"
      {...(label && (!image || failed) ? { role: 'img', 'aria-label': label } : {})}
    >
      <span className="q-avatar-initials" aria-hidden="true">
        {initialsOf(name)}
      </span>
      {image && !failed ? (
        <img
          ref={ref}
          src={image.src}
          srcSet={image.srcSet}
          width={px}
          height={px}
          alt={label ?? ''}
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
          onError={onError}
        />
      ) : null}
    </span>
  );
}
