import path from 'node:path';
import { ROLES } from '@/shared/permissions';
import { addUser } from '@/server/auth/users.service';
import { openDatabase } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { E2E_PORT, newDataDir, removeDataDir, startServer } from './server';
import { E2E_DEPRIVED_AREAS, e2eUser } from './users';

/** A fresh database with one user per role, and the product started on it as `npm start` does. */
export default async function globalSetup() {
  const dataDir = newDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  for (const role of ROLES) await addUser(database.db, e2eUser(role));
  // Known areas for the deprivation lookup (as the import would load them from the public files).
  await database.db.insert(postcodeDeprivation).values(E2E_DEPRIVED_AREAS);
  await database.close();

  const server = await startServer({ port: E2E_PORT, dataDir });
  return async () => {
    await server.stop();
    removeDataDir(dataDir);
  };
}
