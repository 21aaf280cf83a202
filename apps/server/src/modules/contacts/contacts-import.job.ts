import type { Database } from '@callwise/db/client';
import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import { CONTACTS_IMPORT, runContactImport } from './contacts-import.service.ts';

/** Imports one CSV file of contacts (resumable). */
export function contactsImportJob(db: Database) {
  return defineJob({
    name: CONTACTS_IMPORT,
    schema: z.object({ import_id: z.uuid() }),
    pollingIntervalSeconds: 0.5,
    queue: { retryLimit: 3, retryDelay: 5, expireInSeconds: 900 },
    handler: (payload) => runContactImport(db, payload.import_id),
  });
}
