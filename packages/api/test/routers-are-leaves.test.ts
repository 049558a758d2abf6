import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Routers are leaves: a procedure parses its input and calls a service. A router that reads the database
 * itself, or leans on another router's helpers, grows service code where no other caller can reach it.
 */

const ROUTERS = join(import.meta.dirname, '../src/routers');

/** A call of an EntityManager method (on `em`, `ctx.em`, or a destructured `em`). */
const EM_CALL =
  /\bem\s*\.\s*(find|count|create|persist|flush|execute|remove|nativeUpdate|nativeDelete|nativeInsert|insert|upsert|transactional|populate|createQueryBuilder|qb|getReference|getConnection|getKysely|fork|refresh|lock|merge|assign|begin|commit|rollback)\w*\s*\(/;

/** An import of a sibling router (`./profiles`, `../routers/…`), static or dynamic. */
const ROUTER_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](?:\.\/|\.\.\/routers\/)/;

/** Every line of `source` that breaks a rule, as `file:line: text`. */
function offences(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    const broken = [
      EM_CALL.test(code) && 'calls the EntityManager',
      ROUTER_IMPORT.test(code) && 'imports a router',
    ];
    return broken.filter(Boolean).map((why) => `${file}:${i + 1}: ${why}: ${line.trim()}`);
  });
}

const routerFiles = readdirSync(ROUTERS).filter((f) => f.endsWith('.ts'));

describe('routers are leaves', () => {
  it('flags the calls and imports it looks for', () => {
    expect(offences('x.ts', "import { storyPage } from './profiles';")).toHaveLength(1);
    expect(offences('x.ts', 'const n = await ctx.em.count(FollowTag, {});')).toHaveLength(1);
    expect(offences('x.ts', '  em.findOneOrFail(User, id)')).toHaveLength(1);
    expect(offences('x.ts', 'return ctx.em.transactional((em) => markViewed(em, id));')).toHaveLength(1);
    expect(offences('x.ts', "import { storyPage } from '../services/story-lists';")).toEqual([]);
    expect(
      offences('x.ts', '.query(({ ctx, input }) => topicHeader(ctx.em, ctx.viewer, input.slug))'),
    ).toEqual([]);
  });

  it('finds the routers', () => {
    expect(routerFiles.length).toBeGreaterThan(10);
  });

  it('no router imports another router or calls an EntityManager method', () => {
    const found = routerFiles.flatMap((f) =>
      offences(`routers/${f}`, readFileSync(join(ROUTERS, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
