import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { avatarPx, COLORS, cssVariables, mediaUp, space, themeVariables } from '../src/tokens';

describe('design tokens (spec §9)', () => {
  it('turns the breakpoints into media queries', () => {
    expect(['xs', 'sm', 'md', 'lg', 'xl'].map((b) => mediaUp(b as 'xs'))).toEqual([
      '(min-width: 0px)',
      '(min-width: 552px)',
      '(min-width: 728px)',
      '(min-width: 904px)',
      '(min-width: 1080px)',
    ]);
  });

  it('gives the avatar sizes and the layout as CSS variables', () => {
    expect(avatarPx('XXL')).toBe(128);
    expect(avatarPx('XXXS')).toBe(20);
    const css = cssVariables();
    expect(css).toContain('--q-topbar:57px');
    expect(css).toContain('--q-column:680px');
    expect(css).toContain('--q-avatar-menu:264px');
    expect(css).toContain('--q-avatar-m:48px');
  });

  it('keeps every spacing step on the 4px grid', () => {
    const { light } = themeVariables();
    const spacing = Object.entries(light).filter(([name]) => name.startsWith('--q-space-'));
    expect(spacing.length).toBeGreaterThan(5);
    for (const [, value] of spacing) expect(Number.parseInt(value, 10) % 4).toBe(0);
    expect(space(6)).toBe(24);
  });

  it('gives the dark theme a value for every colour, under prefers-color-scheme', () => {
    expect(Object.keys(COLORS.dark).sort()).toEqual(Object.keys(COLORS.light).sort());
    const css = cssVariables();
    expect(css).toContain('@media (prefers-color-scheme: dark){:root{--q-bg:#121212');
    expect(css).toContain('color-scheme:light dark');
  });

  it('ships tokens.css equal to the tokens (regenerate with `pnpm --filter @quire/ui tokens`)', () => {
    const file = readFileSync(fileURLToPath(new URL('../src/tokens.css', import.meta.url)), 'utf8');
    expect(file).toBe(cssVariables({ pretty: true }));
  });

  it('uses only tokens in ui.css (no hard-coded colours)', () => {
    const css = readFileSync(fileURLToPath(new URL('../src/ui.css', import.meta.url)), 'utf8');
    expect(css.match(/#[0-9a-f]{3,8}\b|rgba?\(/gi) ?? []).toEqual([]);
  });
});
