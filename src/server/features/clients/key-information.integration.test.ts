import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema/audit';
import { clientKeyInformation } from '@/server/db/schema/key-information';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

// What a carer needs at the door: kept as fields on the client, the key safe code sealed at rest, shown only on the
// carer's own phone, and the code only for the days they visit.

/** Monday 16 March 2026. */
const TODAY = '2026-03-16';
const CODE = '7395';

const { t, admin } = testAppForFile({ today: TODAY });
const cara = t.caller('Carer', { email: 'cara@keys.test' });
const otto = t.caller('Carer', { email: 'otto@keys.test' });
let clientId: string;
let packageId: string;

beforeAll(async () => {
  const caraId = (await admin.volunteers.create(newCarer({ name: 'Cara Keys', email: 'cara@keys.test' }))).id;
  const ottoId = (await admin.volunteers.create(newCarer({ name: 'Otto Other', email: 'otto@keys.test' }))).id;
  for (const carerId of [caraId, ottoId]) await admin.carerApp.invite({ carerId });
  clientId = (await admin.clients.create(newClient({ name: 'Edna Key' }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
  packageId = (await admin.packages.create(newPackage(caraId, requestId, { startDate: '2026-01-05' }))).id;
  // Monday and Thursday mornings: today, and three days on.
  await admin.visitPlans.set({ packageId, visits: [1, 4].map((weekday) => ({ weekday, start: '09:30', end: '10:30' })) });
  // Otto has a client of his own, so his phone has something to show.
  const otherClient = (await admin.clients.create(newClient({ name: 'Ivy Elsewhere' }))).id;
  const otherRequest = (await admin.requests.create(newRequest(otherClient, { startDate: '2026-01-05' }))).id;
  await admin.packages.create(newPackage(ottoId, otherRequest, { startDate: '2026-01-05' }));
});

const INFO = { accessNotes: 'Side gate, then the back door', allergiesAndRisks: 'Penicillin; a steep stair', emergencyContact: 'Joan (daughter) 07700 900444' };

describe('a client’s key information', () => {
  it('is kept as fields; the office is told a key safe code is held, never the code, and the audit trail neither', async () => {
    expect(await admin.clients.getKeyInformation({ clientId })).toEqual({ clientId, accessNotes: '', allergiesAndRisks: '', emergencyContact: '', keySafeCode: 'none', version: 0 });
    const saved = await admin.clients.setKeyInformation({ clientId, ...INFO, keySafeCode: CODE, version: 0 });
    expect(saved).toEqual({ clientId, ...INFO, keySafeCode: 'held', version: 1 });
    // Sealed at rest: the stored value is not the code.
    const [row] = await t.database.db.select().from(clientKeyInformation).where(eq(clientKeyInformation.clientId, clientId));
    expect(row!.keySafeCode).not.toContain(CODE);
    expect(row!.keySafeCode).toMatch(/^v1\./);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, clientId));
    expect(JSON.stringify(audit)).not.toContain(CODE);
    expect(audit.at(-1)!.changes).toMatchObject({ keySafeCode: { from: 'none', to: 'held (a new code)' }, accessNotes: { to: INFO.accessNotes } });
    // Nor in the client's record or list.
    expect(JSON.stringify(await admin.clients.getById({ id: clientId }))).not.toContain(CODE);
    expect(JSON.stringify(await admin.clients.getAll())).not.toContain(CODE);
  });

  it('reaches the carer’s own phone: the fields with their client, the code only on the visit of today', async () => {
    const mine = await cara.carerApp.myVisits();
    expect(mine.packages.find((pkg) => pkg.id === packageId)!.keyInformation).toEqual(INFO);
    const today = mine.planned.find((visit) => visit.date === TODAY)!;
    expect(today).toMatchObject({ keyInformation: INFO, keySafeCode: CODE });
    // Thursday's visit, three days on, carries no code until the day before.
    expect(mine.planned.find((visit) => visit.date === '2026-03-19')).not.toHaveProperty('keySafeCode');
    t.setToday('2026-03-18');
    expect((await cara.carerApp.myVisits()).planned.find((visit) => visit.date === '2026-03-19')).toMatchObject({ keySafeCode: CODE });
    // Nowhere else on the phone.
    const { planned, ...rest } = await cara.carerApp.myVisits();
    expect(JSON.stringify(rest)).not.toContain(CODE);
    expect(planned.filter((visit) => visit.keySafeCode)).toHaveLength(1);
  });

  it('never reaches another carer’s phone, nor a carer whose visit was given to someone else', async () => {
    expect(JSON.stringify(await otto.carerApp.myVisits())).not.toContain(INFO.accessNotes);
    expect(JSON.stringify(await otto.carerApp.myVisits())).not.toContain(CODE);
  });

  it('keeps the code when left out, clears it when asked, and refuses a code that is only spaces', async () => {
    expect(await admin.clients.setKeyInformation({ clientId, ...INFO, accessNotes: 'Front door', version: 1 })).toMatchObject({ keySafeCode: 'held', accessNotes: 'Front door' });
    await expect(admin.clients.setKeyInformation({ clientId, ...INFO, keySafeCode: '   ', version: 2 })).rejects.toThrow('Enter the key safe code, or clear it');
    await expect(admin.clients.setKeyInformation({ clientId, ...INFO, keySafeCode: null, version: 1 })).rejects.toThrow('changed by someone else');
    expect(await admin.clients.setKeyInformation({ clientId, ...INFO, keySafeCode: null, version: 2 })).toMatchObject({ keySafeCode: 'none', version: 3 });
    expect((await cara.carerApp.myVisits()).planned.some((visit) => visit.keySafeCode)).toBe(false);
  });

  it('goes when the client is anonymised', async () => {
    const other = (await admin.clients.create(newClient({ name: 'Gone Away' }))).id;
    await admin.clients.setKeyInformation({ clientId: other, ...INFO, keySafeCode: CODE });
    await admin.dataProtection.anonymise({ personId: other });
    expect(await t.database.db.select().from(clientKeyInformation).where(eq(clientKeyInformation.clientId, other))).toEqual([]);
  });
});
