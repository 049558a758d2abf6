import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (the folder holding pnpm-workspace.yaml) above the module at `moduleUrl`: the same folder
 * whether the code runs from its sources or from the server's bundle under apps/server/dist.
 */
export function repoRootAbove(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no pnpm-workspace.yaml above ${moduleUrl}`);
    dir = up;
  }
  return dir;
}

/** The checkout's root: `.data/`, the migrations and the client builds are found from here. */
export const REPO_ROOT = repoRootAbove(import.meta.url);
