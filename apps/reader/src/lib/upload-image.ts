import { useSessionStore } from '@quire/client-state';
import { accountTexts } from '@quire/domain';

/** POST /_/upload (the upload endpoint every image goes through); rejects with the server's message. */
export async function uploadImage(file: File): Promise<{ id: string }> {
  const form = new FormData();
  form.append('file', file);
  const xsrf = useSessionStore.getState().xsrf;
  const response = await fetch('/_/upload', {
    method: 'POST',
    body: form,
    headers: xsrf ? { 'x-xsrf-token': xsrf } : {},
  });
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.id) throw new Error(body?.error?.message ?? accountTexts.somethingWrong);
  return { id: body.id };
}
