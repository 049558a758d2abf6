import type { V1Document } from './openapi';
import type { FromSchema } from './schema-types';

/*
 * A small typed client of the /v1 API for TypeScript users. Every request and answer type is read off the
 * OpenAPI document (openapi.ts), so the client and the document cannot disagree.
 */

type Doc = V1Document;
type Schemas = Doc['components']['schemas'];
type Paths = Doc['paths'];

/** The `data` of an operation's success answer, as typed by the document. */
type DataOf<P extends keyof Paths, M extends keyof Paths[P], S extends string> = Paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': { schema: { properties: { data: infer D } } } } } };
}
  ? FromSchema<D, Schemas>
  : never;

export type ApiUser = FromSchema<Schemas['User'], Schemas>;
export type ApiPublication = FromSchema<Schemas['Publication'], Schemas>;
export type ApiContributor = FromSchema<Schemas['Contributor'], Schemas>;
export type ApiPost = FromSchema<Schemas['Post'], Schemas>;
export type ApiImage = FromSchema<Schemas['Image'], Schemas>;
export type ApiCreatePost = FromSchema<Schemas['CreatePost'], Schemas>;
export type ApiErrors = FromSchema<Schemas['Errors'], Schemas>;

/** What the last answer said of the token's rate limit. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

/** A refused request: the HTTP status and the API's errors ({message, code}). */
export class QuireApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrors['errors'],
  ) {
    super(errors.map((e) => e.message).join('; ') || `HTTP ${status}`);
    this.name = 'QuireApiError';
  }
}

export interface QuireClientOptions {
  /** The site, e.g. https://quire.example */
  baseUrl: string;
  /** An integration token or an OAuth access token. */
  token: string;
  fetch?: typeof fetch;
}

/** A client of the /v1 API with one method per operation of the document. */
export function createQuireClient(options: QuireClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  let rateLimit: RateLimit | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: BodyInit, type?: string): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
    };
    if (type) headers['content-type'] = type;
    const res = await doFetch(`${base}${path}`, { method, headers, body });
    const limit = res.headers.get('x-ratelimit-limit');
    if (limit) {
      rateLimit = {
        limit: Number(limit),
        remaining: Number(res.headers.get('x-ratelimit-remaining')),
        reset: Number(res.headers.get('x-ratelimit-reset')),
      };
    }
    const json = (await res.json().catch(() => null)) as { data?: T } & Partial<ApiErrors>;
    if (!res.ok) throw new QuireApiError(res.status, json?.errors ?? []);
    return json.data as T;
  }
  const id = encodeURIComponent;

  return {
    /** The last rate-limit headers seen, or null before any request. */
    get rateLimit() {
      return rateLimit;
    },
    me: () => call<DataOf<'/v1/me', 'get', '200'>>('GET', '/v1/me'),
    listUserPublications: (userId: string) =>
      call<DataOf<'/v1/users/{userId}/publications', 'get', '200'>>(
        'GET',
        `/v1/users/${id(userId)}/publications`,
      ),
    listContributors: (publicationId: string) =>
      call<DataOf<'/v1/publications/{publicationId}/contributors', 'get', '200'>>(
        'GET',
        `/v1/publications/${id(publicationId)}/contributors`,
      ),
    createUserPost: (authorId: string, post: ApiCreatePost) =>
      call<DataOf<'/v1/users/{authorId}/posts', 'post', '201'>>(
        'POST',
        `/v1/users/${id(authorId)}/posts`,
        JSON.stringify(post),
        'application/json',
      ),
    createPublicationPost: (publicationId: string, post: ApiCreatePost) =>
      call<DataOf<'/v1/publications/{publicationId}/posts', 'post', '201'>>(
        'POST',
        `/v1/publications/${id(publicationId)}/posts`,
        JSON.stringify(post),
        'application/json',
      ),
    uploadImage: (image: Blob, filename = 'image') => {
      const form = new FormData();
      form.append('image', image, filename);
      return call<DataOf<'/v1/images', 'post', '201'>>('POST', '/v1/images', form);
    },
  };
}

export type QuireClient = ReturnType<typeof createQuireClient>;
