import { RESPONSE_SORT_TYPES, responseTexts, textInput } from '@quire/domain';
import { z } from 'zod';
import { RESPONSE_CURSOR, RESPONSES_PAGE_MAX } from './services/responses';

/*
 * The input shapes every router shares: ids, usernames, slugs and keyset cursors, defined once so a
 * procedure cannot accept an id another refuses, or say so in other words.
 */

/** Spec §3 ids: 8 to 16 lowercase hex characters. */
export const ID_PATTERN = /^[0-9a-f]{8,16}$/;

/** An entity id; `what` names it in the refusal ('A story id is 8 to 16 hex characters.'). */
export const entityId = (what = 'An') =>
  textInput().regex(ID_PATTERN, `${what === 'An' ? 'An' : `A ${what}`} id is 8 to 16 hex characters.`);

export const username = textInput().trim().min(1).max(50);
export const slug = textInput().trim().min(1).max(100);

/** A keyset cursor after a row ordered by a time, newest first (posts.latest and every story list). */
const timeCursorFields = z.object({ at: z.iso.datetime(), id: entityId() });
export const timeCursor = timeCursorFields.nullish();
export type TimeCursorInput = z.infer<typeof timeCursor>;

/** A keyset cursor after a row ranked by a number (claps, engagement, list position). */
const scoreCursorFields = z.object({ score: z.number().int(), id: entityId() });
export const scoreCursor = scoreCursorFields.nullish();

/** The cursor of a list that is either newest first or ranked, as its order says. */
export const timeOrScoreCursor = z.union([timeCursorFields, scoreCursorFields]).nullish();

/** The longest response accepted, in characters. */
const RESPONSE_MAX_CHARS = 10_000;

/** A response's or reply's text (plain; blank lines part paragraphs). */
export const responseText = textInput().trim().min(1, responseTexts.empty).max(RESPONSE_MAX_CHARS);

/** Which page of responses (to a story, a response or a list): the cursor after the last, the sort, how many. */
export const responsePage = {
  /** Spec §3 pagingInfo.next.to of a previous page. */
  cursor: textInput().regex(RESPONSE_CURSOR, 'cursor must be the next of a previous page.').nullish(),
  sort: z.enum(RESPONSE_SORT_TYPES, 'sort must be MOST_RELEVANT or NEWEST.').optional(),
  limit: z
    .number()
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(RESPONSES_PAGE_MAX, `limit must be at most ${RESPONSES_PAGE_MAX}.`)
    .optional(),
};
