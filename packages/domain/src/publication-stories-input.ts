import { z } from 'zod';
import {
  PUBLICATION_STORY_FILTERS,
  SUBMISSION_NOTE_MAX,
  publicationStoriesTexts as texts,
} from './publication-stories';
import { textInput } from './text-input';

/* The submissions queue's input, apart from publication-stories.ts so the reader's pages load no validation library. */

/** /{collectionSlug}/stories/{filterBy}: which tab. */
export const publicationStoryFilterInput = z.enum(PUBLICATION_STORY_FILTERS, texts.invalidFilter);

const note = textInput().trim().max(SUBMISSION_NOTE_MAX, { message: texts.noteTooLong });

/** Declining a submission: a note to the writer is optional (blank is none). */
export const declineSubmissionInput = z.object({
  note: note.nullish().transform((value) => value || null),
});

/** Asking the writer for changes: the note says which. */
export const requestChangesInput = z.object({
  note: note.min(1, { message: texts.noteRequired }),
});

export type DeclineSubmissionFields = z.infer<typeof declineSubmissionInput>;
export type RequestChangesFields = z.infer<typeof requestChangesInput>;
