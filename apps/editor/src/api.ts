import type { AppRouter, RouterOutputs } from '@quire/api';
import { readCookie } from '@quire/client-state';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';

/** The anti-forgery token: the `xsrf` cookie, read on every call (the server may issue it on first contact). */
const xsrfToken = () => readCookie(document.cookie, 'xsrf');

/** Set while the page unloads: the last autosave is sent with keepalive so the browser finishes it. */
let unloading = false;
export const markUnloading = () => {
  unloading = true;
};

/** keepalive requests may carry at most 64 KiB; larger ones go as ordinary requests. */
const KEEPALIVE_MAX_BYTES = 60_000;

export const trpc = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      headers: () => {
        const xsrf = xsrfToken();
        return xsrf ? { 'x-xsrf-token': xsrf } : {};
      },
      fetch: (url, init) => {
        const body = init?.body;
        const keepalive = unloading && typeof body === 'string' && body.length < KEEPALIVE_MAX_BYTES;
        return fetch(url, { ...init, credentials: 'same-origin', ...(keepalive ? { keepalive } : {}) });
      },
    }),
  ],
});

/** Makes sure the anti-forgery cookie exists before a first mutation (any answer from the server issues it). */
export async function ensureXsrf(): Promise<void> {
  if (!xsrfToken()) await trpc.viewer.visitor.query().catch(() => {});
}

export type EditorState = RouterOutputs['posts']['editorState'];
export type Viewer = NonNullable<RouterOutputs['viewer']['me']>;
export type PublishResult = RouterOutputs['posts']['publish'];

/** A readable message for a failed call (the server's own text when it sent one). */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError || error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The tRPC error code of a failed call ('UNAUTHORIZED', 'NOT_FOUND', …), or null. */
export function errorCode(error: unknown): string | null {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string } | undefined;
    return data?.code ?? null;
  }
  return null;
}

/** What POST /_/upload answers. */
export interface UploadedImage {
  id: string;
  width: number;
  height: number;
  url: string;
}

/** Uploads one image to /_/upload, reporting progress from 0 to 1; rejects with the server's message. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/_/upload');
    const xsrf = xsrfToken();
    if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadedImage & { error?: { message?: string } }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.id) {
        onProgress(1);
        resolve(body);
      } else {
        reject(new Error(body?.error?.message ?? `The image could not be uploaded (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new Error('The image could not be uploaded: you seem to be offline.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
