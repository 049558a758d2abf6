import {
  AVATAR_SIZES,
  type AvatarSize,
  BREAKPOINT_MIN_WIDTHS,
  type Breakpoint,
  GRID,
  LAYOUT,
} from '@quire/domain';

/** Spec §9 breakpoints as a min-width media query, e.g. `@media (min-width: 728px)` for md. */
export function mediaUp(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINT_MIN_WIDTHS[breakpoint]}px)`;
}

/** Spec §9 avatar sizes in px. */
export const avatarPx = (size: AvatarSize): number => AVATAR_SIZES[size];

/** The §9 layout constants as CSS custom properties, for a `:root` rule. */
export function cssVariables(): string {
  const vars: Record<string, string> = {
    '--q-topbar': `${LAYOUT.topBarHeight}px`,
    '--q-column': `${LAYOUT.contentColumnWidth}px`,
    '--q-gutter': `${LAYOUT.gutter}px`,
    '--q-outset': `${LAYOUT.maxWidthOutset}px`,
    '--q-avatar-menu': `${LAYOUT.avatarMenuWidth}px`,
    '--q-grid-step': `${GRID.step}px`,
  };
  for (const [name, px] of Object.entries(AVATAR_SIZES)) vars[`--q-avatar-${name.toLowerCase()}`] = `${px}px`;
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}
