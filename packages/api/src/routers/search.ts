import { textInput } from '@quire/domain';
import {
  MAX_HITS_PER_PAGE,
  MAX_QUERY_LENGTH,
  NUMERIC_ATTRIBUTES,
  type NumericFilter,
  SEARCH_ENTITIES,
  type SearchEntity,
  type SearchResult,
  type SearchScope,
} from '@quire/search';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { entityId, slug, username } from '../schemas';
import {
  defaultHitsPerPage,
  recordSearchClick,
  resolveScope,
  runSearch,
  scopeFilter,
} from '../services/search';
import { publicProcedure, router } from '../trpc';

/** Analytics key of spec §7 searchClickEvent rows. */
/** Most hits one click event may name (a page never shows more). */
const MAX_CLICKED = MAX_HITS_PER_PAGE;

// Longer text is accepted and cut (normalizeQuery), so a pasted paragraph is not an error.
const queryText = textInput().max(MAX_QUERY_LENGTH * 5, 'The search text is too long.');
const entity = z.enum(SEARCH_ENTITIES);
const hitsPerPage = z.number().int().min(1).max(MAX_HITS_PER_PAGE);
const page = z.number().int().min(0).max(100);
const objectId = textInput().trim().min(1).max(100);

const scopeInput = z.union([z.object({ collectionSlug: slug }), z.object({ username })]);

const NUMERIC = /^\s*(\w+)\s*(>=|<=|!=|>|<|=)\s*(-?\d+(?:\.\d+)?)\s*$/;
const FACET = /^(collectionId|authorId):(.+)$/;

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** Spec §7 numericFilters, e.g. "postCount>=1"; only attributes the index has. */
function parseNumericFilters(index: SearchEntity, filters: string[]): NumericFilter[] {
  const allowed: readonly string[] = (NUMERIC_ATTRIBUTES as Record<string, readonly string[]>)[index] ?? [];
  return filters.map((text) => {
    const m = NUMERIC.exec(text);
    if (!m || !allowed.includes(m[1]!))
      throw badRequest(`numericFilters: "${text}" is not a filter the ${index} index supports.`);
    return {
      attribute: m[1] as NumericFilter['attribute'],
      op: m[2] as NumericFilter['op'],
      value: Number(m[3]),
    };
  });
}

/** Spec §7 facetFilters when scoped: collectionId:{id} or authorId:{id}, on the post index only. */
function parseFacetFilters(index: SearchEntity, filters: string[]): SearchScope | null {
  if (!filters.length) return null;
  if (index !== 'post' || filters.length > 1)
    throw badRequest('facetFilters: only one collectionId or authorId filter, on the post index.');
  const m = FACET.exec(filters[0]!);
  const id = entityId().safeParse(m?.[2]);
  if (!m || !id.success)
    throw badRequest(`facetFilters: "${filters[0]}" is not collectionId:{id} or authorId:{id}.`);
  return m[1] === 'collectionId' ? { collectionId: id.data } : { authorId: id.data };
}

/** Spec §7 filters: highQualityUser:true or isHighQualityCollection:true (the only filters there are). */
function parseQualityFilter(index: SearchEntity, filters: string | undefined): boolean {
  const text = filters?.trim() ?? '';
  if (!text) return false;
  const expected = index === 'collection' ? 'isHighQualityCollection:true' : 'highQualityUser:true';
  if (text !== expected || index === 'tag')
    throw badRequest(`filters: "${text}" is not supported on the ${index} index.`);
  return true;
}

/** Keeps only the requested attributes of each hit (objectID and queryId always stay). */
function retrieve(result: SearchResult, attributes: string[] | undefined) {
  if (!attributes?.length || attributes.includes('*')) return result.hits;
  const keep = new Set([...attributes, 'objectID', 'queryId']);
  return result.hits.map((hit) => Object.fromEntries(Object.entries(hit).filter(([key]) => keep.has(key))));
}

/** Spec §7 search service request params (the wire format, one request per index). */
const serviceParams = z.object({
  query: queryText.default(''),
  hitsPerPage: hitsPerPage.optional(),
  page: page.default(0),
  numericFilters: z.array(textInput().max(100)).max(10).default([]),
  facetFilters: z
    .union([
      textInput().max(200),
      z.array(z.union([textInput().max(200), z.array(textInput().max(200)).max(10)])).max(10),
    ])
    .default([]),
  attributesToRetrieve: z.array(textInput().max(50)).max(20).optional(),
  filters: textInput().max(200).optional(),
  analyticsTags: z.array(textInput().max(50)).max(10).optional(),
});

export const searchRouter = router({
  /**
   * The reader's search (spec §2 Predictive search and the /search pages): People, Publications, Tags
   * and posts for one text, optionally scoped to a publication or profile (posts only).
   */
  query: publicProcedure
    .input(
      z.object({
        q: queryText,
        scope: scopeInput.nullish(),
        entities: z
          .array(entity)
          .min(1)
          .max(SEARCH_ENTITIES.length)
          .default([...SEARCH_ENTITIES]),
        hitsPerPage: hitsPerPage.optional(),
        page: page.default(0),
      }),
    )
    .query(async ({ ctx, input }) => {
      const scope = input.scope ? await resolveScope(ctx, input.scope) : null;
      const entities = [...new Set(input.entities)];
      const results = await runSearch(
        ctx,
        entities.map((e) => ({
          entity: e,
          query: input.q,
          hitsPerPage: input.hitsPerPage ?? defaultHitsPerPage(e, !!scope),
          page: input.page,
          scope: scopeFilter(scope),
          // Spec §5: scoped post search keeps only posts with latestPublishedAt.
          numericFilters:
            e === 'post' && scope ? [{ attribute: 'latestPublishedAt', op: '>', value: 0 }] : [],
        })),
      );
      return { scope, results };
    }),

  /** Spec §7 search service: one query per index in the service's own request format. */
  queries: publicProcedure
    .input(
      z.object({
        requests: z
          .array(z.object({ index: entity, params: serviceParams }))
          .min(1)
          .max(8),
      }),
    )
    .query(async ({ ctx, input }) => {
      const queries = input.requests.map(({ index, params }) => {
        const facets = (
          Array.isArray(params.facetFilters) ? params.facetFilters : [params.facetFilters]
        ).flat();
        const scope = parseFacetFilters(index, facets);
        return {
          entity: index,
          query: params.query,
          hitsPerPage: params.hitsPerPage ?? defaultHitsPerPage(index, !!scope),
          page: params.page,
          scope,
          numericFilters: parseNumericFilters(index, params.numericFilters),
          highQualityRequested: parseQualityFilter(index, params.filters),
        };
      });
      const results = await runSearch(ctx, queries);
      return {
        results: results.map((result, i) => ({
          index: result.entity,
          hits: retrieve(result, input.requests[i]?.params.attributesToRetrieve),
          queryID: result.queryID,
          page: result.page,
          hitsPerPage: result.hitsPerPage,
          hasMore: result.hasMore,
        })),
      };
    }),

  /** Spec §7 searchClickEvent: which hits of a query were clicked (position is index + 1). */
  click: publicProcedure
    .input(
      z
        .object({
          queryId: textInput().regex(/^[0-9a-f]{32}$/, 'Not a valid queryId.'),
          indexName: textInput().trim().min(1).max(100),
          objectIds: z.array(objectId).min(1).max(MAX_CLICKED),
          positions: z.array(z.number().int().min(1).max(10_000)).min(1).max(MAX_CLICKED),
        })
        .refine((v) => v.objectIds.length === v.positions.length, {
          message: 'objectIds and positions must have the same length.',
          path: ['positions'],
        }),
    )
    .mutation(({ ctx, input }) => recordSearchClick(ctx, input)),
});
