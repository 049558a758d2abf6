import { tippingTexts as texts } from '@quire/domain';
import { Button } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FormEnd, TextField } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';

/** Spec §2 /me/settings/tipping: the page readers tip the viewer through, shown on their profile. */
export function TippingPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.tipping.current.queryOptions());
  const save = useMutation(trpc.tipping.set.mutationOptions());
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = current.data?.link ?? null;
  useEffect(() => setLink(saved ?? ''), [saved]);
  const store = async (next: string | null, done: string) => {
    setError(null);
    try {
      const result = await save.mutateAsync({ link: next });
      queryClient.setQueryData(trpc.tipping.current.queryKey(), result);
      toast(done);
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store(link, texts.saved);
  };
  return (
    <main className="q-column q-settings" data-testid="tipping">
      <h1>{texts.title}</h1>
      <p className="q-static-lead">{texts.lead}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={texts.label}
          name="tipping-link"
          inputMode="url"
          value={link}
          onChange={setLink}
          hint={texts.hint}
          invalid={!!error}
          maxLength={2048}
        />
        <FormEnd error={error} label={texts.save} disabled={save.isPending} />
      </form>
      {saved ? (
        <p>
          <Button variant="text" disabled={save.isPending} onClick={() => void store(null, texts.removed)}>
            {texts.remove}
          </Button>
        </p>
      ) : null}
    </main>
  );
}
