import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ApiPost, type ApiUser, createQuireClient, QuireApiError } from '../src';

/** A fetch that records the request and answers `status` with `body` and rate-limit headers. */
function fakeFetch(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '1800000000',
      },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

describe('the typed /v1 client', () => {
  it('sends the bearer token and answers the data envelope, typed from the OpenAPI document', async () => {
    const user = {
      id: 'abc123abc123',
      username: 'ada',
      name: 'Ada',
      url: 'https://q.example/@ada',
      imageUrl: null,
    };
    const { fetch, seen } = fakeFetch(200, { data: user });
    const client = createQuireClient({ baseUrl: 'https://q.example/', token: 'q_secret', fetch });
    const me = await client.me();
    expectTypeOf(me).toEqualTypeOf<ApiUser>();
    expectTypeOf(me.imageUrl).toEqualTypeOf<string | null>();
    expect(me).toEqual(user);
    expect(seen[0]!.url).toBe('https://q.example/v1/me');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer q_secret');
    expect(client.rateLimit).toEqual({ limit: 60, remaining: 59, reset: 1800000000 });
  });

  it('posts a story as JSON and types the answer as the document’s Post', async () => {
    const post = {
      id: 'abc123abc123',
      title: 'T',
      authorId: 'u',
      tags: [],
      url: 'https://q.example/@ada/t-abc123abc123',
      publishStatus: 'draft',
      license: 'all-rights-reserved',
      licenseUrl: null,
    };
    const { fetch, seen } = fakeFetch(201, { data: post });
    const client = createQuireClient({ baseUrl: 'https://q.example', token: 't', fetch });
    const made = await client.createUserPost('u', { title: 'T', contentFormat: 'markdown', content: '# T' });
    expectTypeOf(made).toEqualTypeOf<ApiPost>();
    expectTypeOf(made.publishStatus).toEqualTypeOf<'public' | 'draft' | 'unlisted'>();
    expect(made.id).toBe('abc123abc123');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      title: 'T',
      contentFormat: 'markdown',
      content: '# T',
    });
    // @ts-expect-error contentFormat is html or markdown, as the document says.
    void client.createUserPost('u', { title: 'T', contentFormat: 'docx', content: 'x' });
  });

  it('throws the API’s errors with their status', async () => {
    const { fetch } = fakeFetch(401, { errors: [{ message: 'Token was invalid.', code: 6003 }] });
    const client = createQuireClient({ baseUrl: 'https://q.example', token: 'bad', fetch });
    const error = await client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuireApiError);
    expect(error).toMatchObject({ status: 401, errors: [{ code: 6003 }], message: 'Token was invalid.' });
  });
});
