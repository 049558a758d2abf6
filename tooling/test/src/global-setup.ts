import type { TestProject } from 'vitest/node';
import { startTestCluster } from './cluster';

// One PostgreSQL server and one migrated template for the whole run; files clone the template.
export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
