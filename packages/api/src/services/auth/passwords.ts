import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters, chosen so one check costs 50–150 ms on a 2-core machine (measured by
 * `pnpm bench:auth`): 46 MiB and 7 passes, slow enough to make guessing expensive, fast enough for sign-in.
 */
export const ARGON2_OPTIONS = { memoryCost: 47_104, timeCost: 7, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
