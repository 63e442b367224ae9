import path from 'node:path';
import { loadEnv } from '@/server/env';

const USAGE = `Back up or restore the charity's data.

  npm run backup -- FILE     write a consistent copy of the data to FILE (gzip; never overwrites)
  npm run restore -- FILE    load FILE into an empty database (a new DATA_DIR, or an empty DATABASE_URL)

A backup holds no session, token, password link or key: after a restore everyone signs in again. Two-step
sign-in set-ups are kept only with BACKUP_KEY (the same for the backup and its restore).
With the embedded database, stop the server first.`;

/** What a restore means for the people who sign in, and what was left out for want of BACKUP_KEY. */
function afterwards(command: 'backup' | 'restore', twoStepLeftOut: number): string {
  const people = `${twoStepLeftOut} ${twoStepLeftOut === 1 ? "person's" : "people's"} two-step sign-in set-up`;
  if (command === 'backup') {
    return twoStepLeftOut ? `\n${people} left out, as BACKUP_KEY is not set: after a restore they set up their authenticator app again.` : '';
  }
  const signIn = '\nEveryone signs in again: no session or token from before the backup works.';
  return twoStepLeftOut
    ? `${signIn}\n${people} not restored (without the BACKUP_KEY the backup was made with): they set up their authenticator app again (at their next sign-in where their role needs it, otherwise under My account).`
    : signIn;
}

async function main([command, file, ...extra]: string[]): Promise<number> {
  if (!file || extra.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  const { runOnDatabase } = await import('@/server/db/cli-database');
  const { BackupError, backupDatabase, restoreDatabase } = await import('./backup');
  const target = path.resolve(file);
  const env = loadEnv();
  return runOnDatabase(
    env,
    async (db) => {
      const result = command === 'backup' ? await backupDatabase(db, target, env.backupKey) : await restoreDatabase(db, target, env.backupKey);
      const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
      return `${command === 'backup' ? 'Backed up' : 'Restored'} ${rows} rows in ${Object.keys(result.rows).length} tables ${
        command === 'backup' ? 'to' : 'from'
      } ${target}.${afterwards(command, result.twoStepLeftOut)}`;
    },
    [BackupError],
  );
}

process.exitCode = await main(process.argv.slice(2));
