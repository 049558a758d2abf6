export { persistedDocument, persistedDocuments } from './documents';
export { publicGraphQLError } from './errors';
export { noIntrospection } from './introspection';
export { resolvers, type ShimContext } from './resolvers';
export { typeDefs } from './schema';
