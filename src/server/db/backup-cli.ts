import path from 'node:path';
import { loadEnv } from '@/server/env';

const USAGE = `Back up or restore everything Valecare holds.

  npm run backup -- FILE     write a consistent copy of every table to FILE (gzip; never overwrites)
  npm run restore -- FILE    load FILE into an empty database (a new DATA_DIR, or an empty DATABASE_URL)

With the embedded database, stop the server first.`;

async function main([command, file, ...extra]: string[]): Promise<number> {
  if (!file || extra.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  const { runOnDatabase } = await import('./cli-database');
  const { BackupError, backupDatabase, restoreDatabase } = await import('./backup');
  const target = path.resolve(file);
  return runOnDatabase(
    loadEnv(),
    async (db) => {
      const counts = command === 'backup' ? await backupDatabase(db, target) : await restoreDatabase(db, target);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return `${command === 'backup' ? 'Backed up' : 'Restored'} ${rows} rows in ${Object.keys(counts).length} tables ${
        command === 'backup' ? 'to' : 'from'
      } ${target}.`;
    },
    [BackupError],
  );
}

process.exitCode = await main(process.argv.slice(2));
