import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { contactImports } from '../schema.ts';
import { type NewContact, upsertContacts } from './contacts.ts';
import { inAccount } from './in-account.ts';

/** An import without its file (which can be large). */
const summaryColumns = {
  id: contactImports.id,
  accountId: contactImports.accountId,
  status: contactImports.status,
  fileName: contactImports.fileName,
  duplicates: contactImports.duplicates,
  consentDefault: contactImports.consentDefault,
  totalRows: contactImports.totalRows,
  processedRows: contactImports.processedRows,
  created: contactImports.created,
  merged: contactImports.merged,
  skipped: contactImports.skipped,
  failed: contactImports.failed,
  errors: contactImports.errors,
  createdAt: contactImports.createdAt,
  finishedAt: contactImports.finishedAt,
};

export async function createContactImport(
  db: Database,
  values: Pick<
    typeof contactImports.$inferInsert,
    'accountId' | 'fileName' | 'csv' | 'mapping' | 'duplicates' | 'totalRows' | 'consentDefault' | 'createdBy'
  >,
) {
  // Not the file back: it can be megabytes.
  const [row] = await db.insert(contactImports).values(values).returning(summaryColumns);
  if (!row) throw new Error('import not created');
  return row;
}

export async function getContactImport(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(contactImports)
    .where(inAccount(contactImports, accountId, id))
    .limit(1);
  return row;
}

export async function listContactImports(db: Database, accountId: string, limit = 10) {
  return db
    .select(summaryColumns)
    .from(contactImports)
    .where(eq(contactImports.accountId, accountId))
    .orderBy(desc(contactImports.createdAt))
    .limit(limit);
}

/** The whole import, file included, for the worker. */
export async function loadContactImport(db: Database, id: string) {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id)).limit(1);
  return row;
}

export async function setContactImportStatus(db: Database, id: string, status: string, finished = false) {
  await db
    .update(contactImports)
    .set({ status, ...(finished ? { finishedAt: new Date(), csv: '' } : {}) })
    .where(eq(contactImports.id, id));
}

/**
 * Writes one batch and its progress in one transaction, so that a worker that dies between batches resumes
 * exactly where the last committed batch ended.
 */
export async function applyContactImportBatch(
  db: Database,
  input: {
    importId: string;
    accountId: string;
    rows: NewContact[];
    mode: 'skip' | 'merge';
    processedRows: number;
    duplicatesInFile: number;
    failed: number;
    errors: Array<{ line: number; reason: string }>;
    maxErrors: number;
  },
) {
  return db.transaction(async (tx) => {
    const { created, merged } = await upsertContacts(tx, input.accountId, input.rows, input.mode);
    const skipped = input.rows.length - created - merged + input.duplicatesInFile;
    await tx
      .update(contactImports)
      .set({
        status: 'running',
        processedRows: input.processedRows,
        created: sql`${contactImports.created} + ${created}`,
        merged: sql`${contactImports.merged} + ${merged}`,
        skipped: sql`${contactImports.skipped} + ${skipped}`,
        failed: sql`${contactImports.failed} + ${input.failed}`,
        errors: sql`CASE WHEN jsonb_array_length(${contactImports.errors}) >= ${input.maxErrors} THEN ${contactImports.errors}
          ELSE ${contactImports.errors} || ${JSON.stringify(input.errors)}::jsonb END`,
      })
      .where(eq(contactImports.id, input.importId));
    return { created, merged, skipped };
  });
}

/**
 * Moves the entries an import left pending in the contacts' GIN indexes (search text, tags) into the indexes
 * proper: a search reads pending entries one by one. Far cheaper than a VACUUM, which also does this; like
 * VACUUM, it leaves alone what the database role does not own (PostgreSQL's autovacuum gets to it).
 */
export async function flushContactIndexes(db: Database) {
  await db.execute(sql`
    SELECT gin_clean_pending_list(c.oid) FROM pg_class c
    WHERE c.oid IN (to_regclass('contacts_search_trgm_idx'), to_regclass('contacts_tags_idx'))
      AND pg_has_role(c.relowner, 'USAGE')`);
}
