import { z } from 'zod';
import { parseColorString } from './color-string';
import { ColorDisplay, FontSet, HeaderScale, HomeLayout, NameTreatment, TaglineTreatment } from './enums';
import { uploadedImageId } from './publication-admin-input';
import { argbHex } from './publication-design';
import { textInput } from './text-input';
import { colorStringSchema } from './validation';

/* The design form's input, apart from publication-design.ts so the reader's pages load no validation library. */

/**
 * A spec §5 colour string (trimmed, then refused with the spec's message), kept as the stored form: 8-digit
 * hex with the alpha first. Null: the default colour.
 */
const designColor = z
  .string()
  .trim()
  .pipe(colorStringSchema)
  .transform((value) => argbHex(parseColorString(value)))
  .nullable();

/** Spec §3 publication design: the fields /{collectionSlug}/design saves. */
export const publicationDesignFieldsInput = z.object({
  headerScale: z.enum(HeaderScale),
  nameTreatment: z.enum(NameTreatment),
  taglineTreatment: z.enum(TaglineTreatment),
  colorDisplay: z.enum(ColorDisplay),
  fontSet: z.enum(FontSet),
  backgroundColor: designColor,
  tintColor: designColor,
  headerImageId: uploadedImageId.nullable(),
  homeLayout: z.enum(HomeLayout),
});

/** /{collectionSlug}/design: the publication and its whole design, as the form sends it. */
export const publicationDesignInput = publicationDesignFieldsInput.extend({
  collectionId: textInput().trim().min(1).max(16),
});
export type PublicationDesignInput = z.infer<typeof publicationDesignInput>;
