import { z } from 'zod';
import { SERIES_DESCRIPTION_MAX, SERIES_TITLE_MAX, seriesTexts } from './series';
import { textInput } from './text-input';

/* The series form's input, apart from series.ts so the reader's pages load no validation library. */

/** A series' title and description as the forms send them. */
export const seriesFieldsInput = z.object({
  name: textInput()
    .trim()
    .min(1, { message: seriesTexts.titleRequired })
    .max(SERIES_TITLE_MAX, { message: seriesTexts.titleTooLong }),
  description: textInput()
    .trim()
    .max(SERIES_DESCRIPTION_MAX, { message: seriesTexts.descriptionTooLong })
    .default(''),
});

export type SeriesFields = z.infer<typeof seriesFieldsInput>;
