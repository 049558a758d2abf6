import { errorMessage, isClientError } from '@quire/api';
import { errorPageTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { GraphQLError } from 'graphql';

/*
 * The one place where a procedure's error becomes what GraphQL answers: an error entry (publicGraphQLError,
 * run by the server's error formatter), a union's BadRequest member, or null. Resolvers throw nothing.
 */

/** An error the server raised on purpose for a bad request (mercurius's own). */
function isDeliberate(error: Error & { statusCode?: unknown; errors?: unknown }): boolean {
  return Array.isArray(error.errors) || (typeof error.statusCode === 'number' && error.statusCode < 500);
}

const withMessage = (error: GraphQLError, message: string, extensions = error.extensions) =>
  new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions,
  });

/**
 * What a client may read of a GraphQL error: GraphQL's own (syntax, validation, variables) and deliberate
 * refusals as they are, zod issues flattened; any other failure becomes the spec's server error text, and
 * `failure` carries the original for the log.
 */
export function publicGraphQLError(error: GraphQLError): { error: GraphQLError; failure: Error | null } {
  const original = error.originalError;
  if (!original) return { error, failure: null };
  if (original instanceof TRPCError) {
    if (isClientError(original)) return { error: withMessage(error, errorMessage(original)), failure: null };
  } else if (isDeliberate(original)) {
    return { error, failure: null };
  }
  return {
    error: withMessage(error, errorPageTexts.serverError, { code: 'INTERNAL_SERVER_ERROR' }),
    failure: original,
  };
}

/** Input a procedure refuses (zod, or its own BAD_REQUEST) becomes the union's BadRequest member, as old clients expect. */
export async function orBadRequest<T>(
  run: () => Promise<T>,
): Promise<T | { __typename: 'BadRequest'; message: string }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'BAD_REQUEST')
      return { __typename: 'BadRequest', message: errorMessage(error) };
    throw error;
  }
}

/** A refused call answers null (a nullable field such as accountToken when signed out); a failure stays an error. */
export async function nullWhenRefused<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TRPCError && isClientError(error)) return null;
    throw error;
  }
}

/** Refusals a result union answers as its members, by tRPC code ('FORBIDDEN' → 'Forbidden'); a failure stays an error. */
export async function orRefusalMember<T, Name extends string>(
  run: () => Promise<T>,
  members: Readonly<Partial<Record<TRPCError['code'], Name>>>,
): Promise<T | { __typename: Name; message: string }> {
  try {
    return await run();
  } catch (error) {
    const typename = error instanceof TRPCError ? members[error.code] : undefined;
    if (error instanceof TRPCError && typename) return { __typename: typename, message: errorMessage(error) };
    throw error;
  }
}
