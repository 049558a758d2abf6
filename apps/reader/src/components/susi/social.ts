import type { RouterOutputs } from '@quire/api';
import type { SusiOperation } from '@quire/domain';

/** A social sign-in service the server offers (spec §2 sign-in options). */
export type SocialProvider = RouterOutputs['auth']['options']['providers'][number];

/**
 * Spec §4 social sign-in start. The server joins service|redirect|entry|operation into the state it sends to
 * the provider (and binds it to this browser), so the link carries the parts as plain parameters.
 */
export function socialHref(
  provider: SocialProvider,
  operation: SusiOperation,
  redirect: string | null,
  entryPoint: string | null,
): string {
  const query = new URLSearchParams({ operation });
  if (redirect) query.set('redirect', redirect);
  if (entryPoint) query.set('entry', entryPoint);
  return `/m/connect/${provider}?${query}`;
}
