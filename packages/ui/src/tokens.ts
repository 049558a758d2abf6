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

/** Spacing steps on the spec §9 4px grid: `space(4)` is 16px. */
export const space = (steps: number): number => steps * GRID.step;

/** The spacing scale the stylesheets use, as `--q-space-{n}` (n grid steps). */
export const SPACE_STEPS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24] as const;

/** Type faces: serif for story bodies, sans for the interface, one heading face for reader and editor. */
export const FONTS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Times New Roman", serif',
  heading: 'var(--q-font-sans)',
  mono: 'Menlo, Monaco, Consolas, "Courier New", monospace',
} as const;

/** The type scale in px: interface sizes, the story body, and headings. */
export const TYPE_SCALE = {
  xs: 12,
  s: 14,
  m: 16,
  l: 20,
  xl: 24,
  '2xl': 32,
  '3xl': 42,
} as const;

/** Colour tokens; `dark` applies when the reader's system prefers a dark colour scheme. */
export const COLORS = {
  light: {
    bg: '#ffffff',
    'bg-subtle': '#f9f9f9',
    'bg-muted': '#f2f2f2',
    text: '#242424',
    muted: '#6b6b6b',
    border: '#f2f2f2',
    'border-strong': '#e6e6e6',
    'border-input': '#c4c4c4',
    accent: '#1a8917',
    'accent-bg': '#1a8917',
    'on-accent': '#ffffff',
    'inverse-bg': '#242424',
    'inverse-text': '#ffffff',
    star: '#ffc017',
    'star-bg': '#fff5d6',
    highlight: 'rgba(26, 137, 23, 0.15)',
    shadow: 'rgba(0, 0, 0, 0.15)',
    skeleton: '#f2f2f2',
    'skeleton-shine': '#fafafa',
    danger: '#c94a4a',
    'danger-solid': '#c94a4a',
    'danger-bg': '#fdecea',
    'danger-text': '#8a1c12',
    'success-bg': '#e8f5e8',
    'success-text': '#0f5c0c',
    'warning-bg': '#fff8e1',
    'warning-border': '#e0a100',
    'warning-text': '#5c4300',
  },
  dark: {
    bg: '#121212',
    'bg-subtle': '#1a1a1a',
    'bg-muted': '#262626',
    text: '#e8e8e8',
    muted: '#a8a8a8',
    border: '#2a2a2a',
    'border-strong': '#3a3a3a',
    'border-input': '#5a5a5a',
    accent: '#5cc257',
    'accent-bg': '#1a8917',
    'on-accent': '#ffffff',
    'inverse-bg': '#e8e8e8',
    'inverse-text': '#121212',
    star: '#ffc017',
    'star-bg': '#3a3000',
    highlight: 'rgba(92, 194, 87, 0.25)',
    shadow: 'rgba(0, 0, 0, 0.6)',
    skeleton: '#262626',
    'skeleton-shine': '#303030',
    danger: '#f08080',
    'danger-solid': '#b33a3a',
    'danger-bg': '#3b1512',
    'danger-text': '#ffb4a9',
    'success-bg': '#12301a',
    'success-text': '#a6e3a1',
    'warning-bg': '#332600',
    'warning-border': '#e0a100',
    'warning-text': '#ffe08a',
  },
} as const satisfies Record<'light' | 'dark', Record<string, string>>;

export type ColorToken = keyof (typeof COLORS)['light'];

/** Every theme-independent custom property: the §9 layout, spacing, type and shape. */
function baseVariables(): Record<string, string> {
  const vars: Record<string, string> = {
    '--q-topbar': `${LAYOUT.topBarHeight}px`,
    '--q-column': `${LAYOUT.contentColumnWidth}px`,
    '--q-gutter': `${LAYOUT.gutter}px`,
    '--q-outset': `${LAYOUT.maxWidthOutset}px`,
    '--q-avatar-menu': `${LAYOUT.avatarMenuWidth}px`,
    '--q-grid-step': `${GRID.step}px`,
  };
  for (const [name, px] of Object.entries(AVATAR_SIZES)) vars[`--q-avatar-${name.toLowerCase()}`] = `${px}px`;
  for (const n of SPACE_STEPS) vars[`--q-space-${n}`] = `${space(n)}px`;
  for (const [name, stack] of Object.entries(FONTS)) vars[`--q-font-${name}`] = stack;
  for (const [name, px] of Object.entries(TYPE_SCALE)) vars[`--q-fs-${name}`] = `${px}px`;
  vars['--q-lh-tight'] = '1.25';
  vars['--q-lh-ui'] = '1.5';
  vars['--q-lh-story'] = '1.6';
  vars['--q-radius-s'] = '4px';
  vars['--q-radius-m'] = '8px';
  vars['--q-radius-pill'] = '999px';
  return vars;
}

const colorVariables = (scheme: 'light' | 'dark'): Record<string, string> =>
  Object.fromEntries(Object.entries(COLORS[scheme]).map(([name, value]) => [`--q-${name}`, value]));

/** The design tokens as custom properties: `light` holds every token, `dark` what a dark scheme changes. */
export function themeVariables(): { light: Record<string, string>; dark: Record<string, string> } {
  return {
    light: { 'color-scheme': 'light dark', ...baseVariables(), ...colorVariables('light') },
    dark: colorVariables('dark'),
  };
}

/**
 * The tokens as CSS: a `:root` rule and its dark twin under `prefers-color-scheme: dark`. Compact by default (for a
 * `<style>` element); `pretty` gives the formatted text of `tokens.css`, which a test keeps equal to this.
 */
export function cssVariables({ pretty = false }: { pretty?: boolean } = {}): string {
  const { light, dark } = themeVariables();
  if (!pretty) {
    const decls = (vars: Record<string, string>) =>
      Object.entries(vars)
        .map(([k, v]) => `${k}:${v}`)
        .join(';');
    return `:root{${decls(light)}}@media (prefers-color-scheme: dark){:root{${decls(dark)}}}`;
  }
  const decls = (vars: Record<string, string>, indent: string) =>
    Object.entries(vars)
      .map(([k, v]) => `${indent}${k}: ${v};\n`)
      .join('');
  return [
    '/* Generated from packages/ui/src/tokens.ts by `pnpm --filter @quire/ui tokens`: edit the TypeScript. */\n',
    `:root {\n${decls(light, '  ')}}\n`,
    `@media (prefers-color-scheme: dark) {\n  :root {\n${decls(dark, '    ')}  }\n}\n`,
  ].join('');
}
