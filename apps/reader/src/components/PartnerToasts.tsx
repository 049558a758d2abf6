import { useToastStore } from '@quire/client-state';
import {
  dialogTexts,
  PP_TERMS_ACKNOWLEDGEMENT_FLAG,
  partnerTermsToastDue,
  partnerToastTexts,
  TOAST_DURATION_FOREVER,
  TOAST_DURATION_NEXTPAGE,
  taxStatusToast,
} from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDismissFlag } from '../lib/dismiss-flag';
import { useHydrated } from '../lib/hydrated';
import { usePageLocation } from '../lib/location';
import { useTRPC } from '../trpc';

// The terms toast leads to the terms step, where accepting them again records the new acceptance.
const PARTNER_TERMS_PATH = '/me/partner/enroll/terms';
const TAX_FORMS_PATH = '/me/partner/taxes';

/**
 * Spec §4 PP_ACCEPT_TERMS and TAX_STATUS toasts for Partner Program writers, once the viewer's fields are
 * known in the browser. The terms toast stays until dismissed ('Got it' records PP_TERMS_ACKNOWLEDGEMENT);
 * the tax toast shows the §4 tax banner text on each page until the forms are approved.
 */
export function PartnerToasts({ routeName }: { routeName: string }) {
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const me = useQuery({ ...trpc.viewer.me.queryOptions(), enabled: hydrated }).data;
  const dismiss = useDismissFlag();
  // A NEXTPAGE toast leaves with the page; the tax toast comes back on the next one.
  const { pathname } = usePageLocation();

  const termsDue = !!me && partnerTermsToastDue(me);
  const tax =
    me && !termsDue
      ? taxStatusToast({
          ...(me.userTaxDocuments ?? {}),
          isPartnerProgramEnrolled: me.isPartnerProgramEnrolled,
          routeName,
          now: Date.now(),
        })
      : null;
  const taxMessage = tax?.message ?? null;
  const taxResubmit = !!tax?.actions.includes('resubmit');
  const taxSubmit = !!tax?.actions.includes('submit');

  useEffect(() => {
    if (!termsDue) return;
    useToastStore.getState().show(partnerToastTexts.termsChanged, {
      toastStyle: 'PP_ACCEPT_TERMS',
      duration: TOAST_DURATION_FOREVER,
      link: { label: partnerToastTexts.reviewTerms, href: PARTNER_TERMS_PATH },
      action: {
        label: dialogTexts.gotIt,
        run: () => dismiss(PP_TERMS_ACKNOWLEDGEMENT_FLAG),
      },
    });
  }, [termsDue, dismiss]);

  useEffect(() => {
    if (!taxMessage || !pathname) return;
    const label = taxResubmit
      ? partnerToastTexts.resubmitTaxForms
      : taxSubmit
        ? partnerToastTexts.submitTaxForms
        : null;
    useToastStore.getState().show(taxMessage, {
      toastStyle: 'TAX_STATUS',
      duration: TOAST_DURATION_NEXTPAGE,
      link: label ? { label, href: TAX_FORMS_PATH } : undefined,
    });
  }, [taxMessage, taxResubmit, taxSubmit, pathname]);

  return null;
}
