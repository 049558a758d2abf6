import { z } from 'zod';
import { LIST_DESCRIPTION_MAX, LIST_ITEM_NOTE_MAX, LIST_NAME_MAX, listTexts } from './lists';
import { textInput } from './text-input';

/* The list forms' inputs, apart from lists.ts so the reader's pages load no validation library. */

/** A list's name, description and visibility as the create and edit forms send them. */
export const listFieldsInput = z.object({
  name: textInput()
    .trim()
    .min(1, { message: listTexts.nameRequired })
    .max(LIST_NAME_MAX, { message: listTexts.nameTooLong }),
  description: textInput()
    .trim()
    .max(LIST_DESCRIPTION_MAX, { message: listTexts.descriptionTooLong })
    .default(''),
  isPrivate: z.boolean().default(false),
});

/** A note on a list item; empty removes it. */
export const listItemNoteInput = textInput()
  .trim()
  .max(LIST_ITEM_NOTE_MAX, { message: listTexts.noteTooLong });

export type ListFields = z.infer<typeof listFieldsInput>;
