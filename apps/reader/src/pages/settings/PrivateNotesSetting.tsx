import { noteTexts } from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';

/** Spec §3 "publishing allow private notes": one switch, saved as it is turned. */
export function PrivateNotesSetting() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const options = trpc.notes.setting.queryOptions();
  const setting = useQuery(options);
  const [busy, setBusy] = useState(false);
  if (!setting.data) return null;
  const turn = async (on: boolean) => {
    setBusy(true);
    try {
      queryClient.setQueryData(options.queryKey, await client.notes.setSetting.mutate({ on }));
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="q-field" data-testid="private-notes-setting">
      <label>
        <input
          type="checkbox"
          checked={setting.data.allowPrivateNotes}
          disabled={busy}
          onChange={(e) => void turn(e.target.checked)}
        />{' '}
        {noteTexts.settingLabel}
      </label>
      <p className="q-field-hint">{noteTexts.settingHint}</p>
    </div>
  );
}
