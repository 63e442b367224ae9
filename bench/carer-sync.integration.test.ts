/**
 * The carer app's sync under faults, at a small size (bench/carer-phones.ts; `npm run bench` runs it at full size):
 * every visit the phones saved is recorded exactly once, through lost signal, killed phones, lost answers, resends at
 * once and out of order, skewed clocks, a server killed mid-batch, and carers' access ended while their phones hold
 * visits (each then recorded or in Visits to resolve, once). On PGlite, and on PostgreSQL in its pass.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServerStorage } from '@/server/test/server-storage';
import { runFleet } from './carer-phones';

let storage: Awaited<ReturnType<typeof createServerStorage>>;

beforeAll(async () => {
  storage = await createServerStorage('carersync');
});
afterAll(() => storage?.remove());

it('records every visit from phones under faults exactly once: 0 lost, 0 doubled, each day the sum of its visits', { timeout: 180_000 }, async () => {
  const report = await runFleet({ carers: 6, visitsPerCarer: 60, serverKills: 2, accessEndings: 2, database: storage.database });
  expect({ lost: report.lost, doubled: report.doubled, refused: report.refused, daysWrong: report.daysWrong }).toEqual({ lost: 0, doubled: 0, refused: 0, daysWrong: 0 });
  // Four carers' 240 visits recorded; the two whose access ended had theirs recorded up to the end and the rest, held
  // on their phones then, in Visits to resolve.
  expect(report.accessEnded).toBe(2);
  expect(report.toResolve).toBeGreaterThan(0);
  expect(report.recorded).toBeGreaterThanOrEqual(240);
  expect(report.recorded + report.toResolve).toBeLessThanOrEqual(360);
  expect(report.deliveredHours).toBeCloseTo(report.visitHours, 6);
  // The faults happened: otherwise this shows nothing.
  expect(report.serverKills).toBe(2);
  expect(report.answersLost).toBeGreaterThan(0);
  expect(report.duplicateAnswers).toBeGreaterThan(0);
});
