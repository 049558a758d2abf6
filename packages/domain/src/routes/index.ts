import { RouteTable } from './builder';
import { routeEntries } from './table';

export * from './builder';
export * from './table';
export * from './urls';

/** The application's route table (spec §2), built once, when first used. */
export const quireRoutes = new RouteTable(routeEntries);
