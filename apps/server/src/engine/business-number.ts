import { createHash } from 'node:crypto';
import type { Database } from '@callwise/db/client';
import { businessNumberOf, claimBusinessNumber } from '@callwise/db/queries/assistant';
import { NANP_AREA_CODES } from '@callwise/shared/phone-zones';

/** How many fictional numbers an account's first choice is followed by when others hold them. */
const CANDIDATES = 50;

/**
 * The fictional numbers the simulated carrier gives businesses (decision 026): +1 NXX 555 01XX, the range kept
 * for fiction, starting at a place derived from the account's id so that accounts rarely want the same one.
 */
export function fictionalNumbers(accountId: string): string[] {
  const seed = createHash('sha256').update(accountId).digest().readUInt32BE(0);
  const size = US_AREA_CODES.length * 100;
  const numbers: string[] = [];
  for (let index = 0; index < CANDIDATES; index += 1) {
    const n = (seed + index * 7919) % size;
    const area = US_AREA_CODES[Math.floor(n / 100)];
    numbers.push(`+1${area}55501${String(n % 100).padStart(2, '0')}`);
  }
  return numbers;
}

/** The United States' area codes, in order. */
const US_AREA_CODES = [...NANP_AREA_CODES]
  .filter(([, area]) => area.country === 'US')
  .map(([code]) => code)
  .sort();

/**
 * The account's business number: with the simulated carrier, a fictional one given on first use; with Twilio,
 * the one assigned in Settings (null until then).
 */
export async function businessNumber(
  db: Database,
  accountId: string,
  carrier: 'simulator' | 'twilio',
): Promise<string | null> {
  const current = await businessNumberOf(db, accountId);
  if (current || carrier !== 'simulator') return current;
  return claimBusinessNumber(db, accountId, fictionalNumbers(accountId));
}
