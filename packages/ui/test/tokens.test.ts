import { describe, expect, it } from 'vitest';
import { avatarPx, cssVariables, mediaUp } from '../src/tokens';

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
});
