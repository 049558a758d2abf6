import { newsletterSettingsPath, newsletterAdminTexts as texts } from '@quire/domain';
import { Button } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { refusalOf } from '../settings/AccountSection';
import { FormStatus } from '../settings/FormStatus';
import type { ComposeEditor } from './compose-editor';
import { newsletterAdminQueries } from './newsletter-admin-queries';

/**
 * Spec §2 /newsletters/{newsletterV3Id}/new-email: an email written with the story editor (its title line is the
 * subject), saved as a draft and sent to the confirmed subscribers. The editor's chunk loads after the page.
 */
export function ComposePage({ newsletterId }: { newsletterId: string }) {
  const client = useTRPCClient();
  const info = useQuery(newsletterAdminQueries(useTRPC()).compose(newsletterId)).data;
  const mountRef = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<ComposeEditor | null>(null);
  const [ready, setReady] = useState(false);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [status, setStatus] = useState<{ message: string | null; ok: boolean }>({ message: null, ok: true });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // The editor opens once, on the first answer: a later refetch must not replace what is being written.
  const first = useRef<typeof info>(undefined);
  if (info && !first.current) first.current = info;
  const loaded = first.current;

  useEffect(() => {
    if (!loaded || !mountRef.current) return;
    let cancelled = false;
    const draft = loaded.draft;
    setDraftId(draft?.id ?? null);
    void import('./compose-editor').then(({ mountComposeEditor }) => {
      if (cancelled || !mountRef.current) return;
      editorRef.current = mountComposeEditor(
        mountRef.current,
        { subject: draft?.subject ?? '', body: draft?.body ?? { paragraphs: [] } },
        {
          label: texts.bodyLabel,
          placeholders: { title: texts.subject, body: texts.bodyPlaceholder },
          onChange: () => setStatus({ message: null, ok: true }),
        },
      );
      setReady(true);
    });
    return () => {
      cancelled = true;
      editorRef.current?.destroy();
      editorRef.current = null;
    };
  }, [loaded]);

  if (!info) return null;
  const { newsletter } = info;
  const back = newsletter.publication
    ? newsletterSettingsPath(newsletter.publication.slug, newsletter.slug)
    : null;

  const save = async () => {
    const edited = editorRef.current?.read();
    if (!edited) return;
    setBusy(true);
    try {
      const out = await client.newsletterAdmin.saveDraft.mutate({
        newsletterId,
        emailId: draftId,
        ...edited,
      });
      setDraftId(out.draft.id);
      setStatus({ message: out.message, ok: true });
    } catch (error) {
      setStatus({ message: refusalOf(error).message, ok: false });
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    const edited = editorRef.current?.read();
    if (!edited || !window.confirm(texts.confirmSend(newsletter.subscriberCount))) return;
    setBusy(true);
    try {
      const out = await client.newsletterAdmin.sendEmail.mutate({
        newsletterId,
        emailId: draftId,
        ...edited,
      });
      toast(out.message);
      setStatus({ message: out.message, ok: true });
      setSent(true);
    } catch (error) {
      setStatus({ message: refusalOf(error).message, ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="q-column q-settings" data-testid="compose-email">
      {back ? (
        <p>
          <a href={back}>{texts.backToSettings}</a>
        </p>
      ) : null}
      <h1>
        {texts.composeTitle} · {newsletter.name}
      </h1>
      <div ref={mountRef} className="q-compose" data-testid="compose-editor" />
      {ready ? null : <p className="q-card-meta">{texts.editorLoading}</p>}
      <p className="q-settings-actions">
        <Button variant="outline" disabled={!ready || busy || sent} onClick={() => void save()}>
          {texts.saveDraft}
        </Button>
        <Button variant="dark" disabled={!ready || busy || sent} onClick={() => void send()}>
          {texts.sendTo(newsletter.subscriberCount)}
        </Button>
      </p>
      <FormStatus message={status.message} ok={status.ok} />
    </main>
  );
}
