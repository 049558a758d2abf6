import { issueApiToken } from '@quire/api';
import { type User, User as UserEntity } from '@quire/db';
import { API_SCOPES, type ApiScope } from '@quire/domain';
import type { TestApp } from './helpers';

/** An integration token for `user` with `scopes` (all of them unless told). */
export async function tokenFor(t: TestApp, user: User, scopes: readonly ApiScope[] = API_SCOPES) {
  const em = t.db.em();
  const { token } = await issueApiToken(em, {
    user: await em.findOneOrFail(UserEntity, { id: user.id }),
    kind: 'INTEGRATION',
    name: 'test',
    scopes,
  });
  return token;
}

/** A /v1 request with a bearer token (or none). */
export function v1(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

/** A multipart body with one field, serialised by the platform's own FormData encoder. */
export async function multipart(field: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}
