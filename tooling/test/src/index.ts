export {
  cloneTemplate,
  dropDatabase,
  freePort,
  startTestCluster,
  TEMPLATE_DB,
  withDatabase,
} from './cluster';
export { type TestDatabase, useTestDatabase } from './database';
export {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
  sampleContent,
} from './factories';
export { withStatements } from './statements';
