import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Collection } from './collection.entity';

/** A colour stop of a spectrum (spec §3 custom style sheet: colour points {color, point}). */
export interface ColorPoint {
  color: string;
  point: number;
}
/** A named gradient of colour points. */
export interface ColorSpectrum {
  name: string;
  colorPoints: ColorPoint[];
}
/** A colour palette: its spectra. */
export interface ColorPalette {
  name: string;
  spectra: ColorSpectrum[];
}

/** Spec §3 custom style sheet: global fonts font1 to font3 and colour palettes, for a user or a publication. */
export const CustomStyleSheetSchema = defineEntity({
  name: 'CustomStyleSheet',
  tableName: 'custom_style_sheets',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').unique(),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('cascade').unique(),
    font1: p.string().length(100).nullable(),
    font2: p.string().length(100).nullable(),
    font3: p.string().length(100).nullable(),
    palettes: p
      .json<ColorPalette[]>()
      .onCreate(() => [])
      .defaultRaw("'[]'"),
  },
  checks: [
    { name: 'custom_style_sheets_owner_check', expression: '(user_id is null) <> (collection_id is null)' },
  ],
});
export class CustomStyleSheet extends CustomStyleSheetSchema.class {}
CustomStyleSheetSchema.setClass(CustomStyleSheet);
