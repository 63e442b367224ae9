import { writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { loadEnv } from '@/server/env';

const USAGE = `Export every record as JSON, the file \`npm run import\` takes back, or as a workbook, a sheet a kind.

  npm run export -- FILE.json     (never overwrites)
  npm run export -- FILE.xlsx

With the embedded database, stop the server first.`;

/** The file exists already. */
class FileExistsError extends Error {}

async function main([file, ...extra]: string[]): Promise<number> {
  if (!file || extra.length > 0 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const target = path.resolve(file);
  const { runOnDatabase } = await import('@/server/db/cli-database');
  const workbook = path.extname(target).toLowerCase() === '.xlsx';
  const { countRecords, exportAll } = await import('./export');
  const { exportWorkbook } = await import('./export-workbook');
  const { recordAudit } = await import('@/server/records/audit-trail');
  const env = loadEnv();
  return runOnDatabase(
    env,
    async (db) =>
      db.transaction(async (tx) => {
        let content: string | Buffer;
        let counts: Record<string, number>;
        if (workbook) {
          ({ workbook: content, counts } = await exportWorkbook(tx, { routingUrl: env.routingUrl }));
        } else {
          const bundle = await exportAll(tx);
          [content, counts] = [JSON.stringify(bundle), countRecords(bundle)];
        }
        try {
          await writeFile(target, content, { flag: 'wx' });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(`${target} exists already: choose another name.`);
          throw error;
        }
        await recordAudit(tx, { email: `npm run export (${userInfo().username})`, role: '' }, 'transfer.export', null, { counts, via: 'command line', format: workbook ? 'xlsx' : 'json' });
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        return `Exported ${total} records (${Object.entries(counts).map(([kind, n]) => `${n} ${kind}`).join(', ')}) to ${target}.`;
      }),
    [FileExistsError],
  );
}

process.exitCode = await main(process.argv.slice(2));
