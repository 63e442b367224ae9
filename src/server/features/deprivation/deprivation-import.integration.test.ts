import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { newClient } from '@/server/test/builders';
import { runCommand } from '@/server/test/command-line';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { CsvError } from './csv';
import { importDeprivation } from './deprivation-import';

const INCOME = 'Income Decile (where 1 is most deprived 10% of LSOAs)';
const HEALTH = 'Health Deprivation and Disability Decile (where 1 is most deprived 10% of LSOAs)';
const dir = mkdtempSync(path.join(tmpdir(), 'valecare-iod-'));
const file = (name: string, lines: string[]) => {
  const full = path.join(dir, name);
  writeFileSync(full, `${lines.join('\r\n')}\r\n`);
  return full;
};

// Shaped like the ONS Postcode Directory: many columns, quoted values, terminated post codes.
const postcodes = file('ONSPD.csv', [
  '"pcd","pcd2","pcds","dointr","doterm","oscty","lsoa11","msoa11","lsoa21","lat","long","imd"',
  '"TA4 2AB","TA4  2AB","TA4 2AB","198001","","E10000027","E01029311","E02006100","E01035001","51.041530","-3.311560","1200"',
  // No grid reference: the directory's 99.999999, 0.000000.
  '"TA4 2AD","TA4  2AD","TA4 2AD","198001","","E10000027","E01029312","E02006100","E01035002","99.999999","0.000000","300"',
  '"TA4 2ZZ","TA4  2ZZ","TA4 2ZZ","198001","200912","E10000027","E01029311","E02006100","E01035001","51.0","-3.3","1200"',
  '"EX1 1AA","EX1  1AA","EX1 1AA","198001","","E10000008","E01019999","E02004100","E01036000","50.72","-3.53","9000"',
  '"TA9 9QQ","TA9  9QQ","TA9 9QQ","198001","","E10000027","E01099999","E02006100","E01099999","51.2","-2.9","9000"',
]);
// Shaped like IoD2025 File 7 (2021 areas) and IoD2019 File 7 (2011 areas).
const iod2025 = file('File_7_IoD2025.csv', [
  `LSOA code (2021),LSOA name (2021),Local Authority District code (2024),"Index of Multiple Deprivation (IMD) Decile (where 1 is most deprived 10% of LSOAs)",${INCOME},"Employment Decile (where 1 is most deprived 10% of LSOAs)",${HEALTH}`,
  'E01035001,"Somerset West, 001A",E06000066,3,1,4,2',
  'E01035002,Somerset West 001B,E06000066,8,6,7,9',
  'E01036000,Exeter 001A,E07000041,5,2,5,5',
]);
const iod2019 = file('File_7_IoD2019.csv', [
  `LSOA code (2011),LSOA name (2011),${INCOME},${HEALTH}`,
  'E01029311,Taunton Deane 001A,7,1',
  'E01029312,Taunton Deane 001B,1,1',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run import:deprivation', () => {
  it('loads IoD2025 by 2021 areas, skipping terminated post codes and other areas', async () => {
    const summary = await importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: iod2025, areas: ['ta'] });
    expect(summary).toEqual({ edition: 'IoD2025', loaded: 2, terminated: 1, outsideAreas: 1, withoutArea: 1, withoutPlace: 1 });
    const rows = await t.database.db.select().from(postcodeDeprivation).orderBy(postcodeDeprivation.postCode);
    expect(rows.map((r) => [r.postCode, r.lsoaCode, r.incomeDecile, r.healthDecile, r.edition, r.latitude, r.longitude])).toEqual([
      ['TA4 2AB', 'E01035001', 1, 2, 'IoD2025', 51.04153, -3.31156],
      ['TA4 2AD', 'E01035002', 6, 9, 'IoD2025', null, null],
    ]);
    // And client creation uses it.
    const client = await t.caller('Admin').clients.create(newClient({ postCode: 'TA4 2AB' }));
    expect(client.deprivationData).toEqual({ income: true, health: true });
  });

  it('loads IoD2019 by 2011 areas and replaces earlier figures', async () => {
    const summary = await importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: iod2019 });
    expect(summary).toMatchObject({ edition: 'IoD2019', loaded: 2, terminated: 1 });
    const client = await t.caller('Admin').clients.create(newClient({ postCode: 'TA4 2AB' }));
    expect(client.deprivationData).toEqual({ income: false, health: true });
  });

  it('reads quoted fields that hold line breaks or quotes', async () => {
    const iod = file('File_7_IoD2019_multiline.csv', [
      `LSOA code (2011),LSOA name (2011),${INCOME},${HEALTH}`,
      'E01029311,"Taunton Deane\r\n001A, ""north""",2,3',
      'E01029312,Taunton Deane 001B,4,5',
    ]);
    const summary = await importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: iod });
    expect(summary).toMatchObject({ edition: 'IoD2019', loaded: 2 });
    const rows = await t.database.db.select().from(postcodeDeprivation);
    expect(rows.map((r) => [r.lsoaCode, r.incomeDecile, r.healthDecile])).toEqual([
      ['E01029311', 2, 3],
      ['E01029312', 4, 5],
    ]);
  });

  it('refuses files that are not what they claim, naming the problem', async () => {
    const wrong = file('wrong.csv', ['a,b,c', '1,2,3']);
    await expect(importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: wrong })).rejects.toThrow(CsvError);
    await expect(importDeprivation(t.database.db, { postcodesFile: wrong, iodFile: iod2019 })).rejects.toThrow('has no column "pcds"');
    const badDecile = file('bad.csv', [`LSOA code (2011),${INCOME},${HEALTH}`, 'E01029311,eleven,1']);
    await expect(importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: badDecile })).rejects.toThrow(
      'is not a decile from 1 to 10',
    );
    const unclosedQuote = file('unclosed.csv', [`LSOA code (2011),${INCOME},${HEALTH}`, 'E01029311,"1,1']);
    await expect(importDeprivation(t.database.db, { postcodesFile: postcodes, iodFile: unclosedQuote })).rejects.toThrow(
      /unclosed\.csv: Quote Not Closed/,
    );
  });

  it('answers missing arguments with exit code 2 and the usage', () => {
    const run = runCommand('deprivation-import', ['--postcodes', path.join(dir, 'nope.csv')]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--iod is required');
    expect(run.err).toContain('No file');
  });
});
