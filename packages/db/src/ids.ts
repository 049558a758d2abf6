import { randomBytes } from 'node:crypto';

/** A new entity id: 12 lowercase hex characters, the shape spec §2 parses back out of story URLs. */
export function newId(): string {
  return randomBytes(6).toString('hex');
}
