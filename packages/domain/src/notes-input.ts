import { z } from 'zod';
import { NOTE_MAX, noteTexts } from './notes';
import { textInput } from './text-input';

/* The private note inputs, apart from notes.ts so the reader's pages load no validation library. */

/** A note's or reply's text. */
export const noteInput = textInput()
  .trim()
  .min(1, { message: noteTexts.empty })
  .max(NOTE_MAX, { message: noteTexts.tooLong });

/** Not a schema of the spec: the note form's body as the API takes it. */
export const noteAnchorInput = z.object({
  paragraphName: textInput().min(1).max(16),
  startOffset: z.int().min(0).max(1_000_000),
  endOffset: z.int().min(0).max(1_000_000),
});
