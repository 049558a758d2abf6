import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const INTROSPECTION = '{ __schema { queryType { name } } }';
const TYPE_LOOKUP = '{ __type(name: "User") { name } }';

const ask = (t: ReturnType<typeof useTestApp>, query: string) =>
  t.app.inject({ method: 'POST', url: '/_/graphql', payload: { query } });

describe('GraphQL introspection in production', () => {
  const t = useTestApp(undefined, { NODE_ENV: 'production', PAGE_CACHE_FRESH_MS: '0' });

  it('refuses __schema and __type with a 400, while __typename and the spec operations still answer', async () => {
    for (const query of [INTROSPECTION, TYPE_LOOKUP]) {
      const res = await ask(t, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].message, query).toMatch(/introspection is turned off/);
      expect(res.json().data ?? null, query).toBeNull();
    }
    const typename = await ask(t, '{ visitor { __typename id } }');
    expect(typename.statusCode).toBe(200);
    expect(typename.json().data.visitor.__typename).toBe('Visitor');
    const byName = await t.gql('VisitorQuery', {});
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.visitor).toBeTruthy();
  });
});

describe('GraphQL introspection in tests and development', () => {
  const t = useTestApp();

  it('answers __schema and __type', async () => {
    const schema = await ask(t, INTROSPECTION);
    expect(schema.statusCode).toBe(200);
    expect(schema.json().data.__schema.queryType.name).toBe('Query');
    const type = await ask(t, TYPE_LOOKUP);
    expect(type.json().data.__type.name).toBe('User');
  });
});
