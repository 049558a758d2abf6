import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';

// The shim translates shapes; who may do what is decided behind the tRPC procedures.
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const TRANSLATOR = 'errors.ts';
const sources = readdirSync(SRC)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(join(SRC, name), 'utf8') }));

describe('the GraphQL shim holds no access decisions', () => {
  it('reads its sources', () => {
    expect(sources.map((s) => s.name)).toContain(TRANSLATOR);
    expect(sources.length).toBeGreaterThan(10);
  });

  it('constructs no TRPCError, and only the error translator names one', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/new\s+TRPCError\b/);
      if (name !== TRANSLATOR) expect(text, name).not.toMatch(/\bTRPCError\b/);
    }
  });

  it('throws nothing outside the error translator', () => {
    for (const { name, text } of sources) {
      if (name !== TRANSLATOR) expect(text, name).not.toMatch(/\bthrow\b/);
    }
  });

  it('writes no refusal text of its own (they come from accessTexts)', () => {
    for (const { name, text } of sources) {
      for (const refusal of Object.values(accessTexts)) expect(text, name).not.toContain(refusal);
    }
  });
});
