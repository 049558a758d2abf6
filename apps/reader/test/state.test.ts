import { describe, expect, it } from 'vitest';
import { PRELOADED_STATE_ID, readPreloadedState } from '../src/state';

/** A document holding `json` in the preloaded-state script (or nothing). */
const docWith = (json: string | null) =>
  ({
    getElementById: (id: string) =>
      id === PRELOADED_STATE_ID && json !== null ? { textContent: json } : null,
  }) as unknown as Document;

const valid = {
  config: { graphqlUri: '/_/graphql' },
  queries: { mutations: [], queries: [] },
  viewer: null,
  country: null,
  status: 200,
  site: { kind: 'main' },
};

describe('startup (spec §5)', () => {
  it('reads a complete preloaded state', () => {
    expect(readPreloadedState(docWith(JSON.stringify(valid))).status).toBe(200);
  });

  it('refuses to start without the preloaded state, the GraphQL URI or the query state', () => {
    expect(() => readPreloadedState(docWith(null))).toThrow(
      'Quire cannot start: the preloaded state is missing.',
    );
    expect(() => readPreloadedState(docWith(JSON.stringify({ ...valid, config: {} })))).toThrow(
      'Quire cannot start: the GraphQL URI is missing.',
    );
    expect(() => readPreloadedState(docWith(JSON.stringify({ ...valid, queries: undefined })))).toThrow(
      'Quire cannot start: the query cache state is missing.',
    );
  });
});
