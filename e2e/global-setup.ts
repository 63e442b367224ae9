import path from 'node:path';
import { STAFF_ROLES } from '@/shared/permissions';
import { openDatabase } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { E2E_PORT, MIGRATED_DATA_DIR_VARIABLE, migratedDataDir, newDataDir, removeDataDir, startServer } from './server';
import { ACCOUNT_OWNER, addE2eUser, addE2eUsers, DRAFT_KEEPER, E2E_DEPRIVED_AREAS, NEWCOMER, SIGNED_OUT_ELSEWHERE } from './users';

/**
 * A fresh database with users of every role (those whose role signs in with a code already have their
 * authenticator app set up; one newcomer Admin has not), and the product started on it as `npm start` does.
 */
export default async function globalSetup() {
  // Migrated once; every test server's database starts as a copy (migratedDataDir), the workers told where by the environment.
  const migrated = newDataDir();
  await (await openDatabase({ kind: 'pglite', dataDir: path.join(migrated, 'pglite') })).close();
  process.env[MIGRATED_DATA_DIR_VARIABLE] = migrated;

  const dataDir = migratedDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await addE2eUsers(database.db, STAFF_ROLES);
  await addE2eUser(database.db, NEWCOMER);
  await addE2eUser(database.db, ACCOUNT_OWNER);
  await addE2eUser(database.db, DRAFT_KEEPER);
  await addE2eUser(database.db, SIGNED_OUT_ELSEWHERE);
  // Known areas for the deprivation lookup (as the import would load them from the public files).
  await database.db.insert(postcodeDeprivation).values(E2E_DEPRIVED_AREAS);
  await database.close();

  const server = await startServer({ port: E2E_PORT, dataDir });
  return async () => {
    await server.stop();
    removeDataDir(dataDir);
    removeDataDir(migrated);
  };
}
