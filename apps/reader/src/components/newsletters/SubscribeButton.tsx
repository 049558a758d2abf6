import { useSessionStore } from '@quire/client-state';
import { generalTexts, newsletterAccessTexts, newsletterSubscribeTexts as texts } from '@quire/domain';
import { MailCheckIcon, MailIcon } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyModule } from '../../lib/lazy-module';
import { failureMessage } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { type SubscribeTarget, subscribeToast, targetInput } from './subscribe-target';

export type { SubscribeTarget } from './subscribe-target';

// A visitor's address dialog loads with its first opening, not with the page.
const emailDialog = lazyModule(() => import('./SubscribeEmailDialog'));

/**
 * Spec §1 subscribe to newsletters: the envelope beside Follow. Signed in, one click subscribes (the spec §9
 * toasts SUBSCRIBE_SUCCESS / NEWSLETTER_SUBSCRIBE, SUBSCRIBED_ALREADY, SUBSCRIBE_SELF, SUBSCRIBE_FAIL) and, once
 * subscribed, one click leaves (NEWSLETTER_UNSUBSCRIBE); hidden on the viewer's own. Signed out, it asks an address.
 */
export function SubscribeButton({
  target,
  name,
  withLabel = false,
}: {
  target: SubscribeTarget;
  /** The writer's or the newsletter's name, for its accessible name and toasts. */
  name: string;
  /** Shows 'Subscribe' / 'Subscribed' beside the envelope (the landing pages). */
  withLabel?: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const input = targetInput(target);
  const stateOptions = trpc.newsletters.state.queryOptions(input, { retry: false });
  const state = useQuery({ ...stateOptions, enabled: signedIn });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const Dialog = emailDialog.use(asking)?.SubscribeEmailDialog;
  if (state.data?.isOwn) return null;
  const subscribed = !!state.data?.subscribed;

  const setSubscribed = (now: boolean) =>
    queryClient.setQueryData(stateOptions.queryKey, (old) => (old ? { ...old, subscribed: now } : old));

  const onClick = async () => {
    if (!signedIn) {
      void emailDialog.load();
      setAsking(true);
      return;
    }
    setBusy(true);
    try {
      if (subscribed) {
        await client.newsletters.unsubscribe.mutate(input);
        setSubscribed(false);
        subscribeToast(texts.unsubscribed(name), 'NEWSLETTER_UNSUBSCRIBE');
      } else {
        const result = await client.newsletters.subscribe.mutate(input);
        setSubscribed(true);
        if (result.outcome === 'SUBSCRIBED_ALREADY')
          subscribeToast(texts.subscribedAlready(name), 'SUBSCRIBED_ALREADY');
        else
          subscribeToast(
            texts.subscribeSuccess(name),
            target.kind === 'user' ? 'SUBSCRIBE_SUCCESS' : 'NEWSLETTER_SUBSCRIBE',
          );
      }
      await queryClient.invalidateQueries({ queryKey: trpc.newsletters.mine.pathKey() });
    } catch (error) {
      const message = failureMessage(error);
      if (message === newsletterAccessTexts.subscribeSelf) subscribeToast(message, 'SUBSCRIBE_SELF');
      // A refusal says why; a failure with no message of its own gets the SUBSCRIBE_FAIL text.
      else
        subscribeToast(message === generalTexts.tryAgain ? texts.subscribeFail : message, 'SUBSCRIBE_FAIL');
    } finally {
      setBusy(false);
    }
  };

  const label = subscribed ? texts.unsubscribeFrom(name) : texts.subscribeTo(name);
  return (
    <>
      <button
        type="button"
        className={`q-button q-subscribe-button${withLabel ? '' : ' q-button-small'}${subscribed ? ' q-following' : ''}`}
        aria-label={withLabel ? undefined : label}
        title={label}
        aria-pressed={signedIn ? subscribed : undefined}
        disabled={busy}
        data-testid="subscribe-button"
        onClick={() => void onClick()}
      >
        {subscribed ? <MailCheckIcon size={20} /> : <MailIcon size={20} />}
        {withLabel ? <span>{subscribed ? texts.subscribed : texts.subscribe}</span> : null}
      </button>
      {asking && Dialog ? <Dialog target={target} name={name} onClose={() => setAsking(false)} /> : null}
    </>
  );
}
