import { RouteTable } from './builder';
import { KNOWN_ROUTE_PATTERNS, routeEntries } from './table';

export * from './builder';
export * from './samples';
export * from './table';
export * from './urls';

/** The application's route table (spec §2), built once, when first used (a spec-named URL needs none of it). */
export const quireRoutes = new RouteTable(routeEntries, undefined, KNOWN_ROUTE_PATTERNS);
export { isReservedSlug } from './reserved';
