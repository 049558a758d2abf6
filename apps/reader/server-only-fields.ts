import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** Fields of a page route that only the server reads: the document head and the edge cache decision. */
const SERVER_ONLY_FIELDS = new Set(['head', 'edgeCachePage']);
/** The modules that define page routes: routes.tsx, the *-routes.tsx beside the pages, signed-in-route.tsx. */
const ROUTE_MODULE = /[\\/](routes|[\w-]+-routes|signed-in-route)\.tsx$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function visit(node: Node, enter: (node: Node) => void): void {
  enter(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) isNode(item) && visit(item, enter);
    else if (isNode(value)) visit(value, enter);
  }
}

/**
 * The client build leaves out what only the server runs of each page route (as frameworks drop server-only
 * exports from client bundles): a route's `head` and `edgeCachePage` become undefined, so the texts and
 * helpers they alone use stay out of the browser's script. The server renders from source, untouched.
 */
export function serverOnlyRouteFields(): Plugin {
  return {
    name: 'quire:server-only-route-fields',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!ROUTE_MODULE.test(id)) return null;
      const s = new MagicString(code);
      visit(this.parse(code) as unknown as Node, (node) => {
        const key = node.key as Node | undefined;
        if (node.type !== 'Property' || node.computed || !key || key.type !== 'Identifier') return;
        const name = key.name as string;
        if (SERVER_ONLY_FIELDS.has(name)) s.overwrite(node.start, node.end, `${name}: undefined`);
      });
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
