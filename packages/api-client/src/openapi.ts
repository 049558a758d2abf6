import {
  API_CONTENT_FORMATS,
  API_LICENSE_NAMES,
  API_MAX_TAGS,
  API_PUBLISH_STATUSES,
  API_RATE_LIMIT,
  API_RATE_WINDOW_MS,
  API_SCOPES,
  API_TAG_MAX,
  API_TOKEN_PREFIXES,
} from '@quire/domain';

/*
 * The /v1 API's OpenAPI 3.1 document: the one source of truth for the API's shape. The server serves it at
 * GET /v1/openapi.json, a conformance test calls every operation it lists and checks each answer against it,
 * and the typed client (client.ts) reads its types off it (schema-types.ts).
 */

/** The slice of OpenAPI 3.1 this document uses, so a typo in a key fails the typecheck. */
interface JsonSchema {
  type?: string | readonly string[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  $ref?: string;
  description?: string;
  format?: string;
  maxItems?: number;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}
interface MediaType {
  schema: JsonSchema;
}
interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: readonly string[];
  security?: readonly Record<string, readonly string[]>[];
  parameters?: readonly {
    name: string;
    in: 'path' | 'query' | 'header';
    required: boolean;
    schema: JsonSchema;
    description?: string;
  }[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response | { $ref: string }>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: readonly { url: string }[];
  security: readonly Record<string, readonly string[]>[];
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
    responses: Record<string, Response>;
  };
}

const ref = <N extends string>(name: N) => ({ $ref: `#/components/schemas/${name}` }) as const;
const envelope = <S>(schema: S) =>
  ({ type: 'object', required: ['data'], properties: { data: schema } }) as const;
const json = <S>(schema: S) => ({ 'application/json': { schema } }) as const;
const idParam = (name: string, description: string) =>
  ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{8,16}$' },
    description,
  }) as const;
const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` }) as const;
const scope = (s: (typeof API_SCOPES)[number]) => [{ bearerAuth: [s] }] as const;

const rateHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per window for this token.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': { description: 'When the window ends, in Unix seconds.', schema: { type: 'integer' } },
} as const;

const ok = <S>(description: string, schema: S) =>
  ({ description, headers: rateHeaders, content: json(envelope(schema)) }) as const;

/** The errors every authenticated operation may answer. */
const authErrors = {
  '401': errorRef('Unauthorized'),
  '403': errorRef('Forbidden'),
  '429': errorRef('TooManyRequests'),
} as const;

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Quire API',
    version: '1',
    description: `JSON over HTTPS in the shape of Medium's public API. Authenticate with \`Authorization: Bearer <token>\`: an integration token made in Settings → Integration tokens (it starts with ${API_TOKEN_PREFIXES.INTEGRATION}) or an OAuth access token. Each operation needs the scope it lists. Each token may make ${API_RATE_LIMIT} requests per ${API_RATE_WINDOW_MS / 1000} seconds (X-RateLimit-* headers). Errors answer {"errors":[{"message","code"}]}. Cookies never authenticate this API.`,
  },
  servers: [{ url: '/' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/v1/me': {
      get: {
        operationId: 'getMe',
        summary: "The token's user.",
        security: scope('basicProfile'),
        responses: { '200': ok('The user.', ref('User')), ...authErrors },
      },
    },
    '/v1/users/{userId}/publications': {
      get: {
        operationId: 'listUserPublications',
        summary: 'The publications the user writes for or edits (a token lists only its own user’s).',
        security: scope('listPublications'),
        parameters: [idParam('userId', 'The token’s own user id (from GET /v1/me).')],
        responses: {
          '200': ok('The publications.', { type: 'array', items: ref('Publication') }),
          '400': errorRef('BadRequest'),
          ...authErrors,
        },
      },
    },
    '/v1/publications/{publicationId}/contributors': {
      get: {
        operationId: 'listContributors',
        summary: 'The editors and writers of a publication.',
        security: scope('listPublications'),
        parameters: [idParam('publicationId', 'A publication id.')],
        responses: {
          '200': ok('The contributors.', { type: 'array', items: ref('Contributor') }),
          '400': errorRef('BadRequest'),
          '404': errorRef('NotFound'),
          ...authErrors,
        },
      },
    },
    '/v1/users/{authorId}/posts': {
      post: {
        operationId: 'createUserPost',
        summary: 'Creates a story on the token user’s profile, from HTML or Markdown.',
        security: scope('publishPost'),
        parameters: [idParam('authorId', 'The token’s own user id.')],
        requestBody: { required: true, content: json(ref('CreatePost')) },
        responses: {
          '201': ok('The story.', ref('Post')),
          '400': errorRef('BadRequest'),
          '413': errorRef('TooLarge'),
          ...authErrors,
        },
      },
    },
    '/v1/publications/{publicationId}/posts': {
      post: {
        operationId: 'createPublicationPost',
        summary:
          'Creates a story in a publication the user writes for. An editor’s post is published as asked; a writer’s goes to the editors for review and is answered as a draft.',
        security: scope('publishPost'),
        parameters: [idParam('publicationId', 'A publication id.')],
        requestBody: { required: true, content: json(ref('CreatePost')) },
        responses: {
          '201': ok('The story.', ref('Post')),
          '400': errorRef('BadRequest'),
          '404': errorRef('NotFound'),
          '413': errorRef('TooLarge'),
          ...authErrors,
        },
      },
    },
    '/v1/images': {
      post: {
        operationId: 'uploadImage',
        summary: 'Uploads an image (JPEG, PNG, WebP, GIF or AVIF) for use in stories.',
        security: scope('uploadImage'),
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image'],
                properties: { image: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: {
          '201': ok('The stored image.', ref('Image')),
          '400': errorRef('BadRequest'),
          '413': errorRef('TooLarge'),
          '415': errorRef('UnsupportedImage'),
          ...authErrors,
        },
      },
    },
    '/v1/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document.',
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            content: json({ type: 'object', required: ['openapi', 'paths'] }),
          },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: `An integration token or an OAuth access token; its scopes: ${API_SCOPES.join(', ')}.`,
      },
    },
    schemas: {
      User: {
        type: 'object',
        required: ['id', 'username', 'name', 'url', 'imageUrl'],
        properties: {
          id: { type: 'string' },
          username: { type: 'string' },
          name: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          imageUrl: { type: ['string', 'null'], description: 'Null when the user has no picture.' },
        },
      },
      Publication: {
        type: 'object',
        required: ['id', 'name', 'description', 'url', 'imageUrl'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          imageUrl: { type: ['string', 'null'] },
        },
      },
      Contributor: {
        type: 'object',
        required: ['publicationId', 'userId', 'role'],
        properties: {
          publicationId: { type: 'string' },
          userId: { type: 'string' },
          role: { type: 'string', enum: ['editor', 'writer'] },
        },
      },
      CreatePost: {
        type: 'object',
        required: ['title', 'contentFormat', 'content'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 300 },
          contentFormat: { type: 'string', enum: API_CONTENT_FORMATS },
          content: { type: 'string', minLength: 1 },
          tags: {
            type: 'array',
            maxItems: API_MAX_TAGS,
            items: { type: 'string', maxLength: API_TAG_MAX },
          },
          canonicalUrl: { type: 'string', format: 'uri', maxLength: 2000 },
          publishStatus: { type: 'string', enum: API_PUBLISH_STATUSES, default: 'public' },
          license: { type: 'string', enum: API_LICENSE_NAMES, default: 'all-rights-reserved' },
          notifyFollowers: { type: 'boolean', default: true },
        },
      },
      Post: {
        type: 'object',
        required: ['id', 'title', 'authorId', 'tags', 'url', 'publishStatus', 'license', 'licenseUrl'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          authorId: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          url: { type: 'string', format: 'uri' },
          canonicalUrl: { type: 'string', description: 'Present when the post was given one.' },
          publishStatus: { type: 'string', enum: API_PUBLISH_STATUSES },
          publishedAt: { type: 'integer', description: 'Epoch milliseconds; absent for a draft.' },
          license: { type: 'string', enum: API_LICENSE_NAMES },
          licenseUrl: { type: ['string', 'null'] },
          publicationId: { type: 'string', description: 'Present for a post made in a publication.' },
        },
      },
      Image: {
        type: 'object',
        required: ['url', 'md5'],
        properties: { url: { type: 'string', format: 'uri' }, md5: { type: 'string' } },
      },
      Errors: {
        type: 'object',
        required: ['errors'],
        properties: {
          errors: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['message', 'code'],
              properties: { message: { type: 'string' }, code: { type: 'integer' } },
            },
          },
        },
      },
    },
    responses: {
      BadRequest: { description: 'The input was invalid.', content: json(ref('Errors')) },
      Unauthorized: {
        description: 'No token, or an invalid, expired or revoked one.',
        content: json(ref('Errors')),
      },
      Forbidden: {
        description: 'The token lacks the scope, or its user may not do this.',
        content: json(ref('Errors')),
      },
      NotFound: { description: 'No such thing, or one the user may not see.', content: json(ref('Errors')) },
      TooLarge: { description: 'The body or the image is too large.', content: json(ref('Errors')) },
      UnsupportedImage: { description: 'The file is not a supported image.', content: json(ref('Errors')) },
      TooManyRequests: {
        description: 'The token’s rate limit is spent until X-RateLimit-Reset.',
        headers: rateHeaders,
        content: json(ref('Errors')),
      },
    },
  },
} as const satisfies OpenApiDocument;

export type V1Document = typeof openApiDocument;
