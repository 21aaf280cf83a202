import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { createTestDatabase } from '../testing.ts';
import { CALL_STATUS_TRIGGERS } from './call-status.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the reactions to a change of a call', () => {
  it('are the triggers on calls, each with the function and migration CALL_STATUS_TRIGGERS names', async () => {
    const { rows } = await handle.executeSql(
      `SELECT t.tgname AS trigger, p.proname AS function
         FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = 'calls'::regclass AND NOT t.tgisinternal
        ORDER BY t.tgname`,
    );
    expect(rows).toEqual(
      [...CALL_STATUS_TRIGGERS]
        .map(({ trigger, function: name }) => ({ trigger, function: name }))
        .sort((a, b) => a.trigger.localeCompare(b.trigger)),
    );
    for (const entry of CALL_STATUS_TRIGGERS) {
      const sql = readFileSync(new URL(`../../migrations/${entry.migration}.sql`, import.meta.url), 'utf8');
      expect(sql).toContain(`CREATE TRIGGER "${entry.trigger}"`);
      expect(sql).toContain(`FUNCTION "${entry.function}"()`);
    }
  });
});
