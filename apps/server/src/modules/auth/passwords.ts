import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;

export type PasswordProblem =
  | { kind: 'too_long'; message: string }
  | { kind: 'weak'; message: string; reasons: string[] };

/** Checks a new password; returns the problem, or null when it may be used. */
export function checkNewPassword(password: string): PasswordProblem | null {
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    return { kind: 'too_long', message: `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters.` };
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || /^(.)\1+$/.test(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return reasons.length > 0 ? { kind: 'weak', message: messages.join(' '), reasons } : null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when there is no user, so that both answers take the same time. */
let dummyHash: Promise<string> | null = null;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('callwise-dummy-password-for-equal-timing');
  return dummyHash.then((value) => verifyPassword(value, password)).then(() => false);
}
