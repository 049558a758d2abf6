import { RouteTable } from './builder';
import { ROUTE_ENTRIES } from './table';

export * from './builder';
export * from './table';
export * from './urls';

/** The application's route table (spec §2), built once. */
export const quireRoutes = new RouteTable(ROUTE_ENTRIES);
