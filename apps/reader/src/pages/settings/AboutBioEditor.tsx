import { accountTexts as texts } from '@quire/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';
import { Field, refusalOf, useAccountSettings } from './AccountSection';

/** Spec §2 /@{username}/about edited in place by its owner: the bio in a text area, saved or left as it was. */
export function AboutBioEditor({ bio, onDone }: { bio: string; onDone: () => void }) {
  const trpc = useTRPC();
  const { replace } = useAccountSettings();
  const save = useMutation(trpc.account.updateProfile.mutationOptions());
  const [value, setValue] = useState(bio);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      replace(await save.mutateAsync({ bio: value }));
      onDone();
    } catch (err) {
      const refusal = refusalOf(err);
      setError(refusal.fields.bio ?? refusal.message);
    }
  };
  return (
    <form className="q-about-editor" onSubmit={onSubmit} noValidate data-testid="about-editor">
      <Field label={texts.bioLabel} error={error} hint={texts.bioHint(value.trim().length)}>
        {(props) => (
          <textarea {...props} name="bio" rows={4} value={value} onChange={(e) => setValue(e.target.value)} />
        )}
      </Field>
      <div className="q-settings-actions">
        <button type="submit" className="q-button q-button-dark" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.aboutSave}
        </button>
        <button type="button" className="q-link-button" onClick={onDone}>
          {texts.aboutCancel}
        </button>
      </div>
    </form>
  );
}
