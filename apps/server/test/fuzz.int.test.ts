import { appRouter } from '@quire/api';
import { Tag, User } from '@quire/db';
import { persistedDocuments, typeDefs } from '@quire/graphql';
import { buildCollection, buildPost, buildSession, buildUser, sampleContent } from '@quire/test-harness';
import fc from 'fast-check';
import {
  buildSchema,
  type GraphQLInputType,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHeaders, useTestApp } from './helpers';

// Guards: hostile input to any tRPC procedure or GraphQL operation is a 4xx (or a GraphQL error), never a 5xx,
// and no answer carries a database or driver message.

const t = useTestApp();

/** What a database or driver says when it fails; a client never reads it. */
const DATABASE_TEXT =
  /violates|syntax|relation|column|invalid byte sequence|unsupported Unicode|invalid message format|postgres|SQL/i;
/** Random inputs per operation and caller, on top of the one-field-at-a-time pass; the seed keeps runs repeatable. */
const RANDOM_RUNS = 4;
const SEED = 20_261_125;

const MEGABYTE = 'x'.repeat(1 << 20);
const HOSTILE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'a\udc00b', '\udbff\u0000', MEGABYTE];
const HOSTILE_NUMBERS = [-1, -(2 ** 31) - 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5];
const WRONG_TYPES: unknown[] = [null, ['\u0000'], { a: '\ud800' }, true, 'x', 7];

/** The part of JSON Schema that zod's input schemas and GraphQL's input types come out as. */
interface Shape {
  type?: string | string[];
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  anyOf?: Shape[];
  oneOf?: Shape[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** Well-formed values that name real rows, so a hostile field next to them reaches the services. */
interface Fixtures {
  postId: string;
  draftId: string;
  userId: string;
  myId: string;
  collectionId: string;
  tagId: string;
  username: string;
  collectionSlug: string;
  tagSlug: string;
  email: string;
}
let fx: Fixtures;

beforeAll(async () => {
  const em = t.db.em();
  const writer = await buildUser(em);
  const me = await buildUser(em);
  const collection = await buildCollection(em, { creator: writer });
  const post = await buildPost(em, { creator: writer, collection });
  const draft = await buildPost(em, { creator: me, status: 'DRAFT' });
  const tag = em.create(Tag, { slug: `fuzz-${post.id}`, name: 'Fuzz', isTopic: true });
  await em.flush();
  fx = {
    postId: post.id,
    draftId: draft.id,
    userId: writer.id,
    myId: me.id,
    collectionId: collection.id,
    tagId: tag.id,
    username: writer.username,
    collectionSlug: collection.slug,
    tagSlug: tag.slug,
    email: me.email!,
  };
});

const variants = (shape: Shape): Shape[] => shape.anyOf ?? shape.oneOf ?? [shape];
const nonNull = (shape: Shape) => variants(shape).find((s) => s.type !== 'null') ?? shape;
const typeOf = (shape: Shape) => (Array.isArray(shape.type) ? shape.type[0] : shape.type);

/** A well-formed string for a field, chosen by its name and pattern. */
function benignString(name: string, shape: Shape): string {
  const n = name.toLowerCase();
  const ids = n.includes('draft')
    ? [fx.draftId]
    : n.includes('user') || n.includes('author')
      ? [n === 'userid' ? fx.myId : fx.userId]
      : n.includes('collection')
        ? [fx.collectionId, fx.collectionSlug]
        : n.includes('tag') || n.includes('topic')
          ? [fx.tagId, fx.tagSlug]
          : [];
  const candidates = [
    ...ids,
    ...(n.includes('slug') || n.includes('domain') ? [fx.collectionSlug, fx.tagSlug] : []),
    ...(n.includes('username') ? [fx.username] : []),
    ...(n.includes('email') ? [fx.email] : []),
    fx.postId,
    '2024-01-02T03:04:05.000Z',
    '1234567',
    '123456',
    '2024',
    'Some words',
  ];
  const pattern = shape.pattern ? new RegExp(shape.pattern) : null;
  return candidates.find((c) => !pattern || pattern.test(c)) ?? 'a';
}

/** A well-formed value for a shape: required fields only, so each hostile field is tried on its own. */
function baseline(shape: Shape, name = ''): unknown {
  const s = nonNull(shape);
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, baseline(s.properties?.[key] ?? {}, key)]),
      );
    case 'array':
      return s.minItems ? [baseline(s.items ?? {}, name)] : [];
    case 'string':
      return benignString(name, s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return name === 'content' ? sampleContent('A title') : 'a';
  }
}

/** Hostile values for one field: wrong types for any field, then ones that fit its type badly. */
function hostileFor(shape: Shape): unknown[] {
  const type = typeOf(nonNull(shape));
  if (type === 'string') return ['a\u0000b', '\ud800', MEGABYTE, ['a'], null];
  if (type === 'integer' || type === 'number') return [-1, 2 ** 53, 1e308, '1'];
  return [null, ['\u0000'], 'x'];
}

/** Every field reachable in a shape, with its path (arrays through their first item). */
function fields(shape: Shape, path: (string | number)[] = []): { path: (string | number)[]; shape: Shape }[] {
  const s = nonNull(shape);
  const own = path.length ? [{ path, shape: s }] : [];
  if (typeOf(s) === 'object') {
    return [
      ...own,
      ...Object.entries(s.properties ?? {}).flatMap(([key, child]) => fields(child, [...path, key])),
    ];
  }
  if (typeOf(s) === 'array' && s.items) return [...own, ...fields(s.items, [...path, 0])];
  return own;
}

/** The baseline with one field replaced (its parents made well-formed on the way). */
function withField(shape: Shape, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const s = nonNull(shape);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const child = typeof head === 'number' ? (s.items ?? {}) : (s.properties?.[head] ?? {});
  const base = baseline(s) as Record<string | number, unknown> | unknown[];
  const container = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  container[head] = withField(child, rest, value);
  return container;
}

/** Random inputs where any field may be hostile, well-formed, missing or of the wrong type. */
function arbitraryOf(shape: Shape, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = nonNull(shape);
  const wrong = fc.constantFrom(...WRONG_TYPES);
  const nullable = variants(shape).some((v) => v.type === 'null');
  let typed: fc.Arbitrary<unknown>;
  if ('const' in s) typed = fc.constant(s.const);
  else if (s.enum) typed = fc.constantFrom(...s.enum);
  else
    switch (typeOf(s)) {
      case 'object':
        typed =
          depth > 4
            ? wrong
            : fc.record(
                Object.fromEntries(
                  Object.entries(s.properties ?? {}).map(([key, child]) => [
                    key,
                    arbitraryOf(child, key, depth + 1),
                  ]),
                ),
                { requiredKeys: [] },
              );
        break;
      case 'array':
        typed = depth > 4 ? wrong : fc.array(arbitraryOf(s.items ?? {}, name, depth + 1), { maxLength: 3 });
        break;
      case 'string':
        typed = fc.oneof(
          fc.constantFrom(...HOSTILE_STRINGS),
          fc.constant(benignString(name, s)),
          fc.string({ unit: 'binary', maxLength: 12 }),
        );
        break;
      case 'integer':
      case 'number':
        typed = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer({ min: -5, max: 50 }));
        break;
      case 'boolean':
        typed = fc.boolean();
        break;
      default:
        typed = fc.oneof(fc.constant(baseline(s, name)), wrong);
    }
  return fc.oneof(
    { weight: 1, arbitrary: nullable ? fc.constantFrom(null, ...WRONG_TYPES) : wrong },
    { weight: 5, arbitrary: typed },
  );
}

/** Whole inputs to send to one operation: wrong types, one hostile field at a time, then random ones. */
function inputsFor(shape: Shape | null, seed: number): unknown[] {
  if (!shape) return [undefined, ...WRONG_TYPES, { a: '\u0000' }];
  const oneAtATime = fields(shape).flatMap((f) =>
    hostileFor(f.shape).map((v) => withField(shape, f.path, v)),
  );
  const random = fc.sample(arbitraryOf(shape), { numRuns: RANDOM_RUNS, seed });
  return [undefined, ...WRONG_TYPES, baseline(shape), ...oneAtATime, ...random];
}

interface Failure {
  operation: string;
  input: string;
  status: number;
  body: string;
}

const describeInput = (input: unknown) => {
  const text = JSON.stringify(input) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** A 5xx, or a message with database text in it. */
function problem(
  operation: string,
  input: unknown,
  res: { statusCode: number; body: string },
): Failure | null {
  let messages: string[] = [];
  try {
    const body = JSON.parse(res.body);
    for (const answer of Array.isArray(body) ? body : [body]) {
      if (answer?.error?.message) messages.push(answer.error.message);
      for (const error of answer?.errors ?? []) messages.push(error.message);
    }
  } catch {
    messages = [res.body];
  }
  if (res.statusCode < 500 && !messages.some((m) => DATABASE_TEXT.test(m))) return null;
  return { operation, input: describeInput(input), status: res.statusCode, body: res.body.slice(0, 300) };
}

const report = (failures: Failure[]) =>
  failures
    .slice(0, 15)
    .map((f) => `${f.operation} ${f.input} → ${f.status} ${f.body}`)
    .join('\n');

const seedOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

// ── tRPC ───────────────────────────────────────────────────────────────────────────────────

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[] };
}
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def
  .procedures;

function inputShape(procedure: ProcedureDef): Shape | null {
  const [input] = procedure._def.inputs;
  return input ? (z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Shape) : null;
}

async function fuzzProcedures(signedIn: boolean) {
  const failures: Failure[] = [];
  const exercised = new Set<string>();
  let requests = 0;
  for (const [path, procedure] of Object.entries(procedures)) {
    // A fresh session per procedure: one that signs out or changes the password must not end the run.
    const headers = authHeaders(signedIn ? await buildSession(t.db.em(), await meUser()) : null);
    for (const input of inputsFor(inputShape(procedure), seedOf(path))) {
      const res =
        procedure._def.type === 'query'
          ? await t.app.inject({
              url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
              headers,
            })
          : await t.app.inject({
              method: 'POST',
              url: `/trpc/${path}`,
              headers: { ...headers, 'content-type': 'application/json' },
              ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
            });
      requests++;
      const failure = problem(path, input, res);
      if (failure) failures.push(failure);
    }
    exercised.add(path);
  }
  return { failures, exercised, requests };
}

const meUser = () => t.db.em().findOneOrFail(User, fx.myId);

describe('fuzzing every tRPC procedure', () => {
  for (const [who, signedIn] of [
    ['a visitor', false],
    ['a signed-in user with a valid xsrf token', true],
  ] as const) {
    it(`answers ${who} without a 5xx or a database message`, { timeout: 120_000 }, async () => {
      const { failures, exercised, requests } = await fuzzProcedures(signedIn);
      expect(exercised.size).toBe(Object.keys(procedures).length);
      expect(exercised.size).toBeGreaterThan(90);
      expect(requests).toBeGreaterThan(exercised.size * 20);
      expect(failures, report(failures)).toEqual([]);
    });
  }
});

// ── GraphQL ────────────────────────────────────────────────────────────────────────────────

const schema = buildSchema(typeDefs);

/** A GraphQL input type as a shape: nullable types may also be null. */
function shapeOfType(type: GraphQLInputType): Shape {
  if (isNonNullType(type)) return shapeOfNonNull(type.ofType);
  return { anyOf: [shapeOfNonNull(type), { type: 'null' }] };
}
function shapeOfNonNull(type: GraphQLInputType): Shape {
  if (isListType(type)) return { type: 'array', items: shapeOfType(type.ofType) };
  if (isEnumType(type)) return { enum: type.getValues().map((v) => v.value) };
  if (isInputObjectType(type)) {
    const entries = Object.values(type.getFields());
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map((f) => [f.name, shapeOfType(f.type)])),
      required: entries.filter((f) => isNonNullType(f.type)).map((f) => f.name),
    };
  }
  switch (getNamedType(type).name) {
    case 'Int':
      return { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };
    case 'Float':
      return { type: 'number' };
    case 'Boolean':
      return { type: 'boolean' };
    default:
      return { type: 'string' };
  }
}

const variablesShape = (vars: { name: string; type: GraphQLInputType }[]): Shape => ({
  type: 'object',
  properties: Object.fromEntries(vars.map((v) => [v.name, shapeOfType(v.type)])),
  required: vars.filter((v) => isNonNullType(v.type)).map((v) => v.name),
});

interface GraphQLOperation {
  name: string;
  body: (variables: unknown) => Record<string, unknown>;
  variables: Shape;
}

/** One document per Query and Mutation field, each argument a variable of the argument's own type. */
function fieldOperations(): GraphQLOperation[] {
  return (['query', 'mutation'] as const).flatMap((kind) => {
    const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
    return Object.values(root?.getFields() ?? {}).map((field) => {
      const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
      const query = `${kind} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
      return {
        name: `${kind}.${field.name}`,
        body: (variables: unknown) => ({ query, variables }),
        variables: variablesShape(field.args.map((a) => ({ name: a.name, type: a.type }))),
      };
    });
  });
}

/** The spec's persisted operations, sent by name alone with their own variables. */
function persistedOperations(): GraphQLOperation[] {
  return Object.entries(persistedDocuments).map(([name, document]) => {
    const operation = parse(document).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const vars = (
      operation?.kind === Kind.OPERATION_DEFINITION ? (operation.variableDefinitions ?? []) : []
    ).map((v) => ({ name: v.variable.name.value, type: typeFromAST(schema, v.type) as GraphQLInputType }));
    return {
      name: `persisted ${name}`,
      body: (variables: unknown) => ({ operationName: name, variables }),
      variables: variablesShape(vars),
    };
  });
}

async function fuzzGraphQL(operations: GraphQLOperation[], signedIn: boolean) {
  const failures: Failure[] = [];
  const exercised = new Set<string>();
  let requests = 0;
  for (const operation of operations) {
    const headers = authHeaders(signedIn ? await buildSession(t.db.em(), await meUser()) : null);
    // Variables must be an object (the shim refuses anything else up front), so wrong types go inside it.
    const inputs = inputsFor(operation.variables, seedOf(operation.name)).filter(
      (v) => v && typeof v === 'object' && !Array.isArray(v),
    );
    for (const variables of inputs) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/_/graphql',
        headers,
        payload: operation.body(variables),
      });
      requests++;
      const failure = problem(operation.name, variables, res);
      if (failure) failures.push(failure);
    }
    exercised.add(operation.name);
  }
  return { failures, exercised, requests };
}

describe('fuzzing every GraphQL operation', () => {
  const fieldCount =
    Object.keys(schema.getQueryType()?.getFields() ?? {}).length +
    Object.keys(schema.getMutationType()?.getFields() ?? {}).length;

  for (const [who, signedIn] of [
    ['a visitor', false],
    ['a signed-in user with a valid xsrf token', true],
  ] as const) {
    it(`answers ${who} without a 5xx or a database message`, { timeout: 120_000 }, async () => {
      const byField = await fuzzGraphQL(fieldOperations(), signedIn);
      const byName = await fuzzGraphQL(persistedOperations(), signedIn);
      expect(byField.exercised.size).toBe(fieldCount);
      expect(byName.exercised.size).toBe(Object.keys(persistedDocuments).length);
      expect(byField.exercised.size + byName.exercised.size).toBeGreaterThan(60);
      const failures = [...byField.failures, ...byName.failures];
      expect(failures, report(failures)).toEqual([]);
    });
  }
});
