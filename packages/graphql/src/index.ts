export { persistedDocument, persistedDocuments } from './documents';
export { resolvers, type ShimContext } from './resolvers';
export { typeDefs } from './schema';
