import { runMigrations } from '../src/migrate.ts';
import { openDatabaseFromEnv } from './open-from-env.ts';

const handle = await openDatabaseFromEnv();
try {
  await runMigrations(handle);
  console.log(`Migrations applied to ${handle.where}.`);
} finally {
  await handle.close();
}
