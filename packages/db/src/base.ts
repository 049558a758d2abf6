import { p } from '@mikro-orm/core';
import { newId } from './ids';

/** Columns every entity has: a 12-hex id, creation and update times. */
export const baseProperties = {
  id: p
    .string()
    .primary()
    .length(16)
    .onCreate(() => newId()),
  createdAt: p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()'),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('now()'),
};

/** A text column restricted to one of the domain enumeration's values (a CHECK constraint in PostgreSQL). */
export function enumOf<const T extends readonly string[]>(items: T) {
  return p.enum(items);
}
