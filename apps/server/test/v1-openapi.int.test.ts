import { openApiDocument } from '@quire/api-client';
import { buildCollection, buildUser } from '@quire/test-harness';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';
import { multipart, tokenFor, v1 } from './v1-helpers';

/*
 * The OpenAPI document and the server cannot drift: every operation the document lists is called for real, and
 * each answer's status must be one the document lists, its body must match the documented schema (required
 * fields, types, enums) and its documented headers must be there. An operation added to the document without a
 * request here fails the first test.
 */

const t = useTestApp();

type Schema = Record<string, unknown>;
const doc = openApiDocument as unknown as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
};

/** Resolves a local $ref (#/components/…). */
function resolve(node: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [, , group, name] = ref.split('/');
  return resolve((doc.components as unknown as Record<string, Record<string, Schema>>)[group!]![name!]!);
}

const typeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value === 'number'
          ? 'number'
          : typeof value;

/** The ways `value` breaks `schema` (the JSON Schema subset the document uses), by JSON path. */
function violations(schema: Schema, value: unknown, at = '$'): string[] {
  const s = resolve(schema);
  const out: string[] = [];
  if (s.type !== undefined) {
    const allowed = ([] as string[]).concat(s.type as string | string[]);
    const actual = typeOf(value);
    if (!allowed.includes(actual) && !(actual === 'integer' && allowed.includes('number')))
      return [`${at}: ${actual} is not ${allowed.join('|')}`];
  }
  if (Array.isArray(s.enum) && !s.enum.includes(value)) out.push(`${at}: ${String(value)} not in enum`);
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) out.push(`${at}: too short`);
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) out.push(`${at}: too long`);
    if (s.format === 'uri' && !URL.canParse(value)) out.push(`${at}: not a URI`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) out.push(`${at}: too few items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) out.push(`${at}: too many items`);
    if (s.items)
      for (const [i, item] of value.entries())
        out.push(...violations(s.items as Schema, item, `${at}[${i}]`));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of (s.required as string[] | undefined) ?? [])
      if (!(key in object)) out.push(`${at}.${key}: required`);
    const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, child] of Object.entries(properties))
      if (key in object) out.push(...violations(child, object[key], `${at}.${key}`));
  }
  return out;
}

/** Checks an answer against its operation's documented response for that status. */
function conforms(path: string, method: string, res: LightMyRequestResponse) {
  const operation = doc.paths[path]![method]!;
  const documented = operation.responses[String(res.statusCode)];
  expect(
    documented,
    `${operation.operationId} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
  ).toBeDefined();
  const response = resolve(documented!);
  const content = response.content as Record<string, { schema: Schema }> | undefined;
  if (content?.['application/json']) {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(violations(content['application/json'].schema, res.json()), operation.operationId).toEqual([]);
  }
  for (const header of Object.keys((response.headers as Record<string, unknown> | undefined) ?? {}))
    expect(res.headers[header.toLowerCase()], `${operation.operationId} ${header}`).toBeDefined();
}

let calls: Record<string, () => Promise<LightMyRequestResponse[]>>;

beforeAll(async () => {
  const em = t.db.em();
  const writer = await buildUser(em);
  const other = await buildUser(em);
  const publication = await buildCollection(em, { creator: writer });
  const token = await tokenFor(t, writer);
  const imageBody = await multipart(
    'image',
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer(),
    'dot.png',
    'image/png',
  );
  const post = {
    title: 'Conformance',
    contentFormat: 'markdown',
    content: 'A *conformance* story.',
    tags: ['api'],
  };
  // Each operation's real requests: one that succeeds and ones that are refused, each checked against the doc.
  calls = {
    getMe: async () => [await v1(t, 'GET', '/v1/me', { token }), await v1(t, 'GET', '/v1/me')],
    listUserPublications: async () => [
      await v1(t, 'GET', `/v1/users/${writer.id}/publications`, { token }),
      await v1(t, 'GET', `/v1/users/${other.id}/publications`, { token }),
      await v1(t, 'GET', '/v1/users/nope/publications', { token }),
    ],
    listContributors: async () => [
      await v1(t, 'GET', `/v1/publications/${publication.id}/contributors`, { token }),
      await v1(t, 'GET', '/v1/publications/0123456789ab/contributors', { token }),
    ],
    createUserPost: async () => [
      await v1(t, 'POST', `/v1/users/${writer.id}/posts`, { token, body: post }),
      await v1(t, 'POST', `/v1/users/${writer.id}/posts`, {
        token,
        body: { ...post, publishStatus: 'draft' },
      }),
      await v1(t, 'POST', `/v1/users/${writer.id}/posts`, { token, body: { title: 'x' } }),
      await v1(t, 'POST', `/v1/users/${writer.id}/posts`, {
        token,
        body: { ...post, content: 'x'.repeat(3 * 1024 * 1024) },
      }),
    ],
    createPublicationPost: async () => [
      await v1(t, 'POST', `/v1/publications/${publication.id}/posts`, {
        token,
        body: { ...post, canonicalUrl: 'https://example.com/original' },
      }),
      await v1(t, 'POST', '/v1/publications/0123456789ab/posts', { token, body: post }),
    ],
    uploadImage: async () => [
      await v1(t, 'POST', '/v1/images', {
        token,
        headers: { 'content-type': imageBody.contentType },
        body: imageBody.payload,
      }),
    ],
    getOpenApi: async () => [await v1(t, 'GET', '/v1/openapi.json')],
  };
});

describe('the /v1 OpenAPI document', () => {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, operationId: op.operationId })),
  );

  it('has a real request here for every operation it lists', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(operations)(
    '$operationId ($method $path) answers as documented',
    async ({ path, method, operationId }) => {
      const answers = await calls[operationId]!();
      const successes = answers.filter((a) => a.statusCode < 300);
      expect(successes.length, operationId).toBeGreaterThan(0);
      for (const res of answers) conforms(path, method, res);
    },
  );

  it('has a checker that catches drift (a missing field, a wrong type, a value outside an enum)', () => {
    const user = { $ref: '#/components/schemas/User' };
    expect(
      violations(user, { id: 'a', username: 'b', name: 'c', url: 'https://x.example/', imageUrl: null }),
    ).toEqual([]);
    expect(violations(user, { id: 'a', username: 'b', name: 'c', url: 'https://x.example/' })).toEqual([
      '$.imageUrl: required',
    ]);
    expect(violations(user, { id: 1, username: 'b', name: 'c', url: 'x', imageUrl: null })).toEqual([
      '$.id: integer is not string',
      '$.url: not a URI',
    ]);
    expect(
      violations(
        { $ref: '#/components/schemas/Contributor' },
        { publicationId: 'p', userId: 'u', role: 'owner' },
      ),
    ).toEqual(['$.role: owner not in enum']);
  });

  it('is served as a valid OpenAPI 3.1 document with this site as its server', async () => {
    const res = await v1(t, 'GET', '/v1/openapi.json');
    expect(res.json()).toMatchObject({ openapi: '3.1.0', servers: [{ url: 'http://localhost:3000' }] });
    // Every $ref points at something.
    const refs = JSON.stringify(openApiDocument).match(/"#\/components\/[^"]+"/g) ?? [];
    for (const ref of refs) expect(() => resolve({ $ref: JSON.parse(ref) })).not.toThrow();
  });
});
