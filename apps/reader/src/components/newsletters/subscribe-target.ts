import { useToastStore } from '@quire/client-state';
import type { ToastStyle } from '@quire/domain';

/** Which newsletter a Subscribe control is for: a writer's, a publication's, or one by its id. */
export type SubscribeTarget =
  | { kind: 'user'; id: string }
  | { kind: 'collection'; id: string }
  | { kind: 'newsletter'; id: string };

/** The procedures' input for a target (exactly one field). */
export function targetInput(target: SubscribeTarget) {
  if (target.kind === 'user') return { userId: target.id };
  if (target.kind === 'collection') return { collectionId: target.id };
  return { newsletterId: target.id };
}

/** Spec §4 toasts in one of the spec §9 subscribe styles. */
export function subscribeToast(
  message: string,
  toastStyle: Extract<
    ToastStyle,
    | 'NEWSLETTER_SUBSCRIBE'
    | 'SUBSCRIBE_SUCCESS'
    | 'SUBSCRIBED_ALREADY'
    | 'SUBSCRIBE_SELF'
    | 'SUBSCRIBE_FAIL'
    | 'NEWSLETTER_UNSUBSCRIBE'
  >,
) {
  useToastStore.getState().show(message, { toastStyle });
}
