import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

const require = createRequire(import.meta.url);
/** Preact's package folder, as this app resolves it: the aliases must point at absolute files (one copy). */
const preact = path.dirname(require.resolve('preact/package.json'));

/**
 * The browser runs the reader's React components on Preact through its React compatibility layer (about 10 KB
 * of script instead of React DOM's 68 KB): the same components, hooks and libraries, a smaller runtime. The
 * server renders them with React; Preact hydrates that HTML.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: path.join(preact, 'compat/client.mjs') },
  { find: /^react-dom$/, replacement: path.join(preact, 'compat/dist/compat.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: path.join(preact, 'jsx-runtime/dist/jsxRuntime.mjs') },
  { find: /^react$/, replacement: path.join(preact, 'compat/dist/compat.mjs') },
];
