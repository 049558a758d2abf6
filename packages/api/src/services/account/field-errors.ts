import { TRPCError } from '@trpc/server';
import { z } from 'zod';

/** The settings form fields a refusal can name. */
export type AccountField =
  | 'name'
  | 'bio'
  | 'username'
  | 'imageId'
  | 'email'
  | 'colors'
  | 'password'
  | 'token'
  | 'appLogin'
  | 'slug'
  | 'logoId'
  | 'avatarId'
  | 'headerImageId'
  | 'who'
  | 'items'
  | 'title'
  | 'postIds';

/** A zod error naming one field, made by zod itself (a ZodError built by hand is no Error, and tRPC drops it). */
function zodErrorFor(field: AccountField, message: string) {
  return z.object({ [field]: z.custom(() => false, { error: message }) }).safeParse({ [field]: null }).error;
}

/**
 * A refusal shown next to one field: the same shape as a zod input error (data.zodError.fieldErrors), so the
 * form reads checks made against the database (a taken username) the way it reads malformed input.
 */
export function fieldError(
  field: AccountField,
  message: string,
  code: 'BAD_REQUEST' | 'CONFLICT' | 'TOO_MANY_REQUESTS' = 'BAD_REQUEST',
): TRPCError {
  return new TRPCError({ code, message, cause: zodErrorFor(field, message) });
}
