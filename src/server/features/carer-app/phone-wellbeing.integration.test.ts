import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARER_CLIENT_ID } from '@/server/auth/provider';
import { users } from '@/server/db/schema/auth';
import { auditLog } from '@/server/db/schema/audit';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { newCarer, newClient } from '@/server/test/builders';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { addDays, todayIn } from '@/shared/dates';
import { CARER_ROLE } from '@/shared/permissions';
import { PHONE_WELLBEING_REFUSALS } from '@/shared/wellbeing';

/** Today is Wednesday 18 March 2026; the carer's own package for Edna runs from 5 January, open. */
const TODAY = '2026-03-18';

const { t, admin } = testAppForFile({ today: TODAY });
const carerApp = t.caller('Carer').carerApp;
let carerId: string;
let edna: string;
let otto: string;

beforeAll(async () => {
  // The test caller of the Carer role signs in as carer@valecare.test: this carer's address.
  carerId = (await admin.volunteers.create(newCarer({ name: 'Cara Asks', email: 'carer@valecare.test' }))).id;
  await admin.carerApp.invite({ carerId });
  const other = (await admin.volunteers.create(newCarer({ name: 'Otto Other' }))).id;
  edna = (await admin.clients.create(newClient({ name: 'Edna Home' }))).id;
  otto = (await admin.clients.create(newClient({ name: 'Olive Elsewhere' }))).id;
  await admin.packages.create(newPackage(carerId, (await admin.requests.create(newRequest(edna, { startDate: '2026-01-05' }))).id, { startDate: '2026-01-05' }));
  await admin.packages.create(newPackage(other, (await admin.requests.create(newRequest(otto, { startDate: '2026-01-05' }))).id, { startDate: '2026-01-05' }));
});

const asking = (clientId: string, overrides: Partial<{ askedOn: string; lifeSatisfaction: number }> = {}) => ({
  id: `w${randomUUID().replaceAll('-', '').slice(0, 15)}`,
  clientId,
  askedOn: '2026-03-16',
  lifeSatisfaction: 5,
  worthwhile: 6,
  anxious: 3,
  lonely: 'occasionally' as const,
  mattersMost: 'Her garden',
  declined: ['happy' as const],
  ...overrides,
});
const held = (id: string) => t.database.db.select().from(wellbeingAnswers).where(eq(wellbeingAnswers.id, id));

describe('wellbeing asked on a carer’s phone', () => {
  it('is neither listed nor taken until the charity lets carers ask', async () => {
    expect((await carerApp.myVisits()).wellbeingDue).toEqual([]);
    const sent = asking(edna);
    expect(await carerApp.sendWellbeing({ answers: [sent] })).toEqual([{ id: sent.id, result: 'refused', reason: PHONE_WELLBEING_REFUSALS.notAllowed }]);
    expect(await held(sent.id)).toEqual([]);
  });

  it('lists the carer’s own clients due, records each asking once however often it is sent, and refuses clients not theirs', async () => {
    await admin.wellbeing.updateSettings({ reviewWeeks: 12, carersMayAsk: true });
    expect((await carerApp.myVisits()).wellbeingDue).toEqual([{ clientId: edna, clientName: 'Edna Home', kind: 'first', due: '2026-01-05' }]);

    const sent = asking(edna);
    const notHers = asking(otto);
    expect(await carerApp.sendWellbeing({ answers: [sent, notHers] })).toEqual([
      { id: sent.id, result: 'recorded' },
      { id: notHers.id, result: 'refused', reason: PHONE_WELLBEING_REFUSALS.notYourClient },
    ]);
    // The answer was lost on the way: sent again, nothing is written twice.
    expect(await carerApp.sendWellbeing({ answers: [sent] })).toEqual([{ id: sent.id, result: 'recorded' }]);
    expect(await held(sent.id)).toMatchObject([{ clientId: edna, carerId, lifeSatisfaction: 5, happy: null, declined: ['happy'] }]);
    expect(await held(notHers.id)).toEqual([]);
    const audit = await t.database.db.select({ procedure: auditLog.procedure, changes: auditLog.changes }).from(auditLog).where(eq(auditLog.recordId, edna));
    expect(audit.filter((row) => row.procedure === 'wellbeing.record')).toEqual([{ procedure: 'wellbeing.record', changes: expect.objectContaining({ fromPhone: true }) }]);
    // The office reads who asked; the carer's list moves on to the review.
    expect((await admin.wellbeing.list({ clientId: edna }))[0]).toMatchObject({ id: sent.id, askedBy: 'Cara Asks' });
    expect((await carerApp.myVisits()).wellbeingDue).toEqual([]);

    // Turned off again: what the office holds is still answered as recorded, and nothing new is taken.
    await admin.wellbeing.updateSettings({ reviewWeeks: 12, carersMayAsk: false });
    const later = asking(edna, { askedOn: TODAY });
    expect(await carerApp.sendWellbeing({ answers: [sent, later] })).toEqual([
      { id: sent.id, result: 'recorded' },
      { id: later.id, result: 'refused', reason: PHONE_WELLBEING_REFUSALS.notAllowed },
    ]);
    await admin.wellbeing.updateSettings({ reviewWeeks: 12, carersMayAsk: true });
  });

  it('refuses a day ahead and an anonymised client, one by one, and a batch of answers missing the phone’s ids', async () => {
    const ahead = asking(edna, { askedOn: '2026-03-19' });
    const fine = asking(edna, { askedOn: '2026-03-17' });
    expect(await carerApp.sendWellbeing({ answers: [ahead, fine] })).toEqual([
      { id: ahead.id, result: 'refused', reason: 'The day asked cannot be after today' },
      { id: fine.id, result: 'recorded' },
    ]);
    const { id: _none, ...withoutId } = asking(edna);
    await expect(carerApp.sendWellbeing({ answers: [withoutId] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(t.caller('Coordinator').carerApp.sendWellbeing({ answers: [asking(edna)] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('takes, from the phone’s last token after the office ended the access, what was asked before the end and nothing after', async () => {
    t.setToday(undefined);
    const today = todayIn();
    const enid = (await admin.volunteers.create(newCarer({ name: 'Enid Ended', email: 'enid.wellbeing@carers.example' }))).id;
    await admin.carerApp.invite({ carerId: enid });
    await admin.packages.create(newPackage(enid, (await admin.requests.create(newRequest(edna, { startDate: '2026-01-05' }))).id, { startDate: '2026-01-05' }));
    const [account] = await t.database.db.select().from(users).where(eq(users.carerId, enid));
    const issued = Math.floor(Date.now() / 1000) - 5 * 24 * 60 * 60;
    const token = await t.idToken(CARER_ROLE, { sub: account!.id, email: account!.email, aud: CARER_CLIENT_ID, iat: issued, exp: issued + 15 * 60 });
    await admin.carerApp.revoke({ carerId: enid });
    await t.database.db.update(users).set({ disabledAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) }).where(eq(users.id, account!.id));
    const before = asking(edna, { askedOn: addDays(today, -4) });
    const after = asking(edna, { askedOn: addDays(today, -1) });
    const response = await callOverHttp(t.app, { path: 'carerApp.sendWellbeing', type: 'mutation' }, { answers: [before, after] }, token);
    expect(response.json().result.data).toEqual([
      { id: before.id, result: 'recorded' },
      { id: after.id, result: 'refused', reason: PHONE_WELLBEING_REFUSALS.afterAccessEnded },
    ]);
    expect(await held(before.id)).toMatchObject([{ carerId: enid }]);
    t.setToday(TODAY);
  });
});
