import type { RouterOutputs } from '@quire/api';
import {
  mobileBetaTexts,
  settingsTexts,
  writerPromotionTexts as texts,
  type WriterPromotion,
} from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { FormStatus } from './FormStatus';

/*
 * /me/settings/promote-memberships and /me/settings/promote-subscriptions (the writer's prompts under their
 * stories), and /me/settings/mobile-beta (Quire on a phone: there is no app).
 */

type Promotions = RouterOutputs['writerPromotions']['current'];

/** One promotion's page: what it does, who sees it, and its switch. */
export function PromotionPage({ promotion }: { promotion: WriterPromotion }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.writerPromotions.current.queryOptions());
  const save = useMutation(trpc.writerPromotions.set.mutationOptions());
  const saved = current.data?.[promotion];
  const [on, setOn] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => setOn(!!saved), [saved]);
  const t = texts[promotion];
  if (!current.data) return <main className="q-column" />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      const next: Promotions = await save.mutateAsync({ promotion, on });
      queryClient.setQueryData(trpc.writerPromotions.current.queryKey(), next);
      setMessage({ text: texts.saved, ok: true });
    } catch (error) {
      setMessage({ text: failureMessage(error), ok: false });
    }
  };
  return (
    <main className="q-column q-settings" data-testid={`promotion-${promotion}`}>
      <h1>{t.title}</h1>
      <p className="q-static-lead">{t.lead}</p>
      <p>{t.who}</p>
      <form onSubmit={submit} noValidate>
        <div className="q-field">
          <label>
            <input type="checkbox" name={promotion} checked={on} onChange={(e) => setOn(e.target.checked)} />{' '}
            {t.label}
          </label>
        </div>
        <p data-testid="promotion-state">{saved ? t.on : t.off}</p>
        <div className="q-settings-actions">
          <button type="submit" className="q-button q-button-dark" disabled={save.isPending}>
            {texts.save}
          </button>
          <FormStatus message={message?.text ?? null} ok={!!message?.ok} />
        </div>
      </form>
      <p>
        <a href="/me/settings">{settingsTexts.title}</a>
      </p>
    </main>
  );
}

export const PromoteMembershipsPage = () => <PromotionPage promotion="promoteMemberships" />;
export const PromoteSubscriptionsPage = () => <PromotionPage promotion="promoteSubscriptions" />;

/** /me/settings/mobile-beta: no app exists, so the page says how to read Quire on a phone. No beta features yet. */
export function MobileBetaPage() {
  return (
    <main className="q-column q-settings" data-testid="mobile-beta">
      <h1>{mobileBetaTexts.title}</h1>
      <p className="q-static-lead">{mobileBetaTexts.lead}</p>
      <h2>{mobileBetaTexts.homeScreenHeading}</h2>
      <ul>
        <li>{mobileBetaTexts.iphone}</li>
        <li>{mobileBetaTexts.android}</li>
      </ul>
      <h2>{mobileBetaTexts.betaHeading}</h2>
      <p>{mobileBetaTexts.noBeta}</p>
      <p>
        <a href="/me/settings">{settingsTexts.title}</a>
      </p>
    </main>
  );
}
