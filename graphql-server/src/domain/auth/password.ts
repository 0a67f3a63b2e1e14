import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1): about 11 ms a hash here.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when no account matches, so timing does not reveal which accounts exist. */
export const DUMMY_HASH = hash('not-a-real-password-but-the-same-cost');
