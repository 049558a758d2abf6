import { textInput } from '@quire/domain';
import { z } from 'zod';

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
export const timeCursor = z.object({ at: z.iso.datetime(), id: entityId() }).nullish();
export type TimeCursorInput = z.infer<typeof timeCursor>;

/** A keyset cursor after a row ranked by a number (claps, engagement, list position). */
export const scoreCursor = z.object({ score: z.number().int(), id: entityId() }).nullish();
