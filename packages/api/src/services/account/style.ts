import type { EntityManager } from '@mikro-orm/postgresql';
import { type ColorPalette, CustomStyleSheet, preparedRows } from '@quire/db';
import { PROFILE_COLOR_KEYS, type ProfileColors } from '@quire/domain';

/*
 * Spec §3 custom style sheet of a profile (/me/design, /me/styles): a palette named 'profile' whose spectra are
 * the page's colours, each one colour point of a spec §5 colour string. Pages apply them as CSS custom
 * properties built from the parsed numbers, never as the stored text.
 */

const PALETTE = 'profile';

/** The profile colours a style sheet holds, or null when it has none. */
export function profileColorsOf(sheet: Pick<CustomStyleSheet, 'palettes'>): ProfileColors | null {
  const palette = sheet.palettes.find((p) => p.name === PALETTE);
  if (!palette) return null;
  const color = (key: string) => palette.spectra.find((s) => s.name === key)?.colorPoints[0]?.color;
  const colors = Object.fromEntries(PROFILE_COLOR_KEYS.map((key) => [key, color(key)]));
  return PROFILE_COLOR_KEYS.every((key) => typeof colors[key] === 'string')
    ? (colors as ProfileColors)
    : null;
}

/** A user's profile colours, or null (the default look). */
export async function profileColors(em: EntityManager, userId: string): Promise<ProfileColors | null> {
  // Every profile page asks: a prepared statement, not an ORM query built and mapped each time.
  const [sheet] = await preparedRows<Pick<CustomStyleSheet, 'palettes'>>(
    em,
    'select palettes from custom_style_sheets where user_id = ? limit 1',
    [userId],
  );
  return sheet ? profileColorsOf(sheet) : null;
}

/** Saves the profile's colours (already checked as spec §5 colour strings), or clears them with null. */
export async function setProfileColors(em: EntityManager, userId: string, colors: ProfileColors | null) {
  const sheet = await em.findOne(CustomStyleSheet, { user: userId });
  const others = (sheet?.palettes ?? []).filter((p) => p.name !== PALETTE);
  const palette: ColorPalette | null = colors
    ? {
        name: PALETTE,
        spectra: PROFILE_COLOR_KEYS.map((key) => ({
          name: key,
          colorPoints: [{ color: colors[key], point: 0 }],
        })),
      }
    : null;
  const palettes = palette ? [...others, palette] : others;
  if (sheet) sheet.palettes = palettes;
  else if (palette) em.create(CustomStyleSheet, { user: userId, collection: null, palettes });
  await em.flush();
  return colors;
}
