import type { Database } from '@callwise/db/client';
import { detachRecording, recordingsOlderThan } from '@callwise/db/queries/call-status';
import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import type { FileStorage } from '../../providers/storage/index.ts';

export const RECORDINGS_PURGE = 'recordings-purge';

/** Daily: deletes recordings older than the retention period (90 days by default), file and reference. */
export function recordingsPurgeJob(deps: {
  db: Database;
  storage: () => FileStorage;
  retentionDays: number;
}) {
  return defineJob({
    name: RECORDINGS_PURGE,
    schema: z.object({}).passthrough(),
    cron: '30 3 * * *',
    handler: async () => {
      const before = new Date(Date.now() - deps.retentionDays * 86_400_000);
      for (;;) {
        const batch = await recordingsOlderThan(deps.db, before, 500);
        for (const row of batch) {
          if (row.key) await deps.storage().delete(row.key);
          await detachRecording(deps.db, row.accountId, row.id);
        }
        if (batch.length < 500) return;
      }
    },
  });
}
