import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { mailMessages } from '@/server/db/schema/mail';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { queueMessage } from '@/server/mail/mail';
import { newPackage, newRequest } from '@/server/test/care-builders';
import { newCarer, newClient } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { retentionReview } from './retention.service';

const TODAY = '2026-11-22';

const { t, admin } = testAppForFile({ today: TODAY });

/** Every text value in every table and the audit trail, to look for a string anywhere in the database. */
async function databaseText(db: Executor): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  let all = '';
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(db, sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`);
    all += rows.map((r) => r.row).join('\n');
  }
  return all.toLowerCase();
}

/** A client with identifying details everywhere they can be: notes, a request, a package, a MAG session. */
async function richClient(name: string, phone: string, postCode: string) {
  const [first, surname] = name.split(' ') as [string, string];
  const input = newClient({ name, postCode });
  input.details.phone = phone;
  input.details.email = `${first.toLowerCase()}@example.org`;
  input.details.nextOfKin = `Daughter Jane ${surname}`;
  input.details.address.streetAddress = `7 ${surname} Lane`;
  input.details.notes = [{ date: '2020-01-02', note: `Spoke to ${name} about her hip`, minutesTaken: 10 }];
  input.details.clientAgreementComments = `Signed by ${name}`;
  const client = await admin.clients.create(input);
  const mp = await admin.mps.create(newCarer({ name: 'Mary Provider' }));
  const request = await admin.requests.create({ ...newRequest(client.id, { startDate: '2018-01-01', endDate: '2019-06-30', weeklyHours: 7 }), details: { weeklyHours: 7, notes: `Requested by ${name}` } });
  const pkg = await admin.packages.create(newPackage(mp.id, request.id, { startDate: '2018-01-01', endDate: '2019-06-30', weeklyHours: 7, name: `${name} mornings` }));
  await admin.deliveries.record({ packageId: pkg.id, date: '2019-01-10', status: 'delivered', hours: 1.5, note: `${name} was tired after the hospital visit` });
  const other = await admin.clients.create(newClient({ name: 'Other Person' }));
  await admin.mag.create({ date: '2019-03-01', clients: [{ id: client.id }, { id: other.id }], mps: [], volunteers: [], details: { totalClients: 2 } });
  return { client, mp, request, other };
}

describe('subject access export', () => {
  it('holds every record about the person and nothing of other people, and is audited', async () => {
    const { client, mp, request, other } = await richClient('Ethel Quibble', '01984 111222', 'TA4 2AB');
    const exported = await admin.dataProtection.exportPerson({ personId: client.id });
    const text = JSON.stringify(exported);
    expect(exported.kind).toBe('client');
    expect(text).toContain('Ethel Quibble');
    expect(text).toContain('Spoke to Ethel Quibble about her hip');
    expect(text).toContain(request.id);
    // The care given to them, visit by visit, with its notes.
    expect(text).toContain('Ethel Quibble was tired after the hospital visit');
    const careGiven = (exported.person as { requests: { packages: { careGiven: unknown[] }[] }[] }).requests[0]!.packages[0]!.careGiven;
    expect(careGiven).toEqual([{ date: '2019-01-10', status: 'delivered', hours: 1.5, reason: null, note: 'Ethel Quibble was tired after the hospital visit' }]);
    expect(exported.audit.some((e) => e.procedure === 'deliveries.record')).toBe(true);
    expect(exported.magSessions).toEqual([expect.objectContaining({ date: '2019-03-01' })]);
    expect(exported.audit.some((e) => e.procedure === 'clients.create')).toBe(true);
    // Other people: the other attendee, the carer's name, staff e-mails.
    expect(text).not.toContain('Other Person');
    expect(text).not.toContain(other.id);
    expect(text).not.toContain('Mary Provider');
    expect(text).not.toContain(mp.id);
    expect(text).not.toContain('admin@valecare.test');
    const [logged] = await t.database.db.select().from(auditLog).where(sql`${auditLog.procedure} = 'dataProtection.export' and ${auditLog.recordId} = ${client.id}`);
    expect(logged?.actorEmail).toBe('admin@valecare.test');
  });
});

describe("a carer's subject access export", () => {
  it("shows each package's client as \"a client\" with the locality, in the record and in its audit entries", async () => {
    const input = newClient({ name: 'Winifred Osgood', postCode: 'TA4 9XY' });
    input.details.address.streetAddress = '7 Osgood Lane';
    input.details.phone = '01984 333444';
    const client = await admin.clients.create(input);
    const mp = await admin.mps.create(newCarer({ name: 'Mabel Provider' }));
    const request = await admin.requests.create(newRequest(client.id, { startDate: '2024-01-01' }));
    const address = { streetAddress: '7 Osgood Lane', postCode: 'TA4 9XY' };
    const pkg = await admin.packages.create({ carerId: mp.id, requestId: request.id, startDate: '2024-01-01', details: { weeklyHours: 3, address, notes: 'Winifred likes tea' } });
    await admin.packages.update({ ...pkg, details: { ...pkg.details, weeklyHours: 4, address: { ...address, streetAddress: '9 Osgood Lane' } } });
    await admin.deliveries.record({ packageId: pkg.id, date: '2024-02-05', status: 'missed', reason: 'client-in-hospital', note: 'Winifred had a fall' });

    const exported = await admin.dataProtection.exportPerson({ personId: mp.id });
    const text = JSON.stringify(exported);
    expect(text).toContain('Mabel Provider');
    expect(text).toContain('a client');
    expect(exported.audit.filter((e) => e.recordId === pkg.id).map((e) => e.procedure)).toEqual(['packages.create', 'packages.update']);
    for (const other of ['Winifred', 'Osgood', 'TA4 9XY', '01984 333444', client.id, request.id]) expect(text, other).not.toContain(other);
    expect((exported.person as { packages: unknown[] }).packages).toEqual([
      {
        id: pkg.id,
        archived: 'N',
        startDate: '2024-01-01',
        endDate: 'open',
        details: { client: 'a client', locality: 'Wiveliscombe', weeklyHours: 4, services: [] },
        // Their visits, without the notes: those are about the client.
        careGiven: [{ date: '2024-02-05', status: 'missed', hours: 0, reason: 'client-in-hospital' }],
      },
    ]);
    expect(exported.audit.find((e) => e.procedure === 'deliveries.record')?.changes).toMatchObject({ date: { to: '2024-02-05' }, note: { to: '[withheld]' } });
    // The carer still sees what the audit recorded of their own work: hours and dates.
    expect(exported.audit.find((e) => e.procedure === 'packages.update')?.changes).toMatchObject({ 'details.weeklyHours': { from: 3, to: 4 } });

    // The package given to another carer: each carer's export has the care they gave on it, and only that.
    const next = await admin.mps.create(newCarer({ name: 'Nora Next' }));
    const read = await admin.packages.getById({ id: pkg.id });
    await admin.packages.update({ ...read, carerId: next.id });
    await admin.deliveries.record({ packageId: pkg.id, date: '2024-03-04', status: 'delivered', hours: 2, note: '' });
    const careOf = async (personId: string) =>
      ((await admin.dataProtection.exportPerson({ personId })).person as { packages: { id: string; careGiven: { date: string }[] }[] }).packages.map((p) => ({
        id: p.id,
        days: p.careGiven.map((day) => day.date),
      }));
    expect(await careOf(mp.id)).toEqual([{ id: pkg.id, days: ['2024-02-05'] }]);
    expect(await careOf(next.id)).toEqual([{ id: pkg.id, days: ['2024-03-04'] }]);
    const nextsAudit = (await admin.dataProtection.exportPerson({ personId: next.id })).audit.filter((e) => e.procedure === 'deliveries.record');
    expect(nextsAudit.map((e) => (e.changes as { date: { to: string } }).date.to)).toEqual(['2024-03-04']);
  });
});

describe('a carer’s visits from the carer app', () => {
  it('are in the carer’s export with their notes, and leave nothing of a client anonymised, on the phone or anywhere', async () => {
    // The test caller of the Carer role signs in as carer@valecare.test: this carer's address.
    const carer = await admin.volunteers.create(newCarer({ name: 'Vera Visits', email: 'carer@valecare.test' }));
    await admin.carerApp.invite({ carerId: carer.id });
    const input = newClient({ name: 'Horace Wimbleby', postCode: 'TA4 6HW' });
    input.details.phone = '01984 555666';
    const client = await admin.clients.create(input);
    const request = await admin.requests.create(newRequest(client.id, { startDate: '2026-11-01' }));
    const pkg = await admin.packages.create(newPackage(carer.id, request.id, { startDate: '2026-11-01' }));
    const carerApp = t.caller('Carer').carerApp;
    const note = 'Horace Wimbleby had a fall, ring 01984 555666. Key safe at the back, code 4321';
    const recorded = { id: randomUUID(), packageId: pkg.id, date: '2026-11-20', start: '09:00', end: '10:00', note };
    const refused = { ...recorded, id: randomUUID(), date: '2026-11-23' };
    expect(await carerApp.sync({ visits: [recorded, refused] })).toMatchObject([{ result: 'recorded' }, { result: 'refused' }]);
    expect((await carerApp.myVisits()).visits.map((v) => v.note)).toEqual([note]);

    // The carer's own export holds their visits, in their words, and their audit entries.
    const own = await admin.dataProtection.exportPerson({ personId: carer.id });
    expect((own.person as { visits: unknown[] }).visits).toEqual([{ packageId: pkg.id, date: '2026-11-20', start: '09:00', end: '10:00', couldNotVisit: null, minutes: 60, note, recordedAt: expect.any(String) }]);
    expect(own.audit.filter((e) => e.recordId === recorded.id || e.recordId === refused.id).map((e) => e.procedure)).toEqual(['carerApp.visitRecorded', 'carerApp.visitRefused']);
    // The client's holds the visits to them, and not who made them.
    const theirs = await admin.dataProtection.exportPerson({ personId: client.id });
    const theirText = JSON.stringify(theirs);
    expect(theirText).toContain('Key safe at the back');
    for (const other of ['Vera Visits', carer.id]) expect(theirText, other).not.toContain(other);

    await admin.dataProtection.anonymise({ personId: client.id });
    const everything = await databaseText(t.database.db);
    for (const secret of ['wimbleby', '01984 555666', 'key safe', 'code 4321']) expect(everything, secret).not.toContain(secret);
    // The phone's next fetch has neither their package nor the visits to them.
    const phone = await carerApp.myVisits();
    expect(phone.packages.map((p) => p.id)).not.toContain(pkg.id);
    expect(phone.visits).toEqual([]);
  });
});

describe('erasure by anonymisation', () => {
  it('leaves no identifying value anywhere, keeps report totals, and records the act without the values', async () => {
    const { client } = await richClient('Agatha Plumtree', '01984 777123', 'TA4 3QZ');
    const before = await admin.analytics.getRequestsReport({ startYear: 2018 });
    const packagesBefore = await admin.analytics.getPackagesDeprivationReport({ startYear: 2018 });

    const result = await admin.dataProtection.anonymise({ personId: client.id });
    expect(result.name).toMatch(/^Anonymised client /);

    const everything = await databaseText(t.database.db);
    for (const secret of ['agatha', 'plumtree', '01984 777123', 'agatha@example.org', 'ta4 3qz']) {
      expect(everything, secret).not.toContain(secret);
    }
    expect(await admin.analytics.getRequestsReport({ startYear: 2018 })).toEqual(before);
    expect(await admin.analytics.getPackagesDeprivationReport({ startYear: 2018 })).toEqual(packagesBefore);

    const stored = await admin.clients.getById({ id: client.id });
    expect(stored).toMatchObject({ archived: 'Y', anonymised: true, dateOfBirth: '1940-01-01' });
    expect(stored.details.address).toMatchObject({ postCode: 'TA4', locality: 'Wiveliscombe', streetAddress: '' });
    const [entry] = await t.database.db.select().from(auditLog).where(sql`${auditLog.procedure} = 'dataProtection.anonymise' and ${auditLog.recordId} = ${client.id}`);
    expect(entry).toMatchObject({ actorEmail: 'admin@valecare.test', changes: { anonymised: true } });
    await expect(admin.dataProtection.anonymise({ personId: client.id })).rejects.toThrow('already been anonymised');
  });

  it("scrubs their names and details from other people's free text, audits it, and lists what it cannot decide", async () => {
    const input = newClient({ name: 'Zebedee Quarrington', postCode: 'TA4 5QR' });
    input.details.phone = '01984 624715';
    input.details.email = 'zeb@example.org';
    const zebedee = await admin.clients.create(input);
    const ophelia = await admin.clients.create(newClient({ name: 'Ophelia Dunstable' }));
    const attended = await admin.mag.create({
      date: '2025-02-01',
      clients: [{ id: zebedee.id }, { id: ophelia.id }],
      mps: [],
      volunteers: [],
      details: { totalClients: 2, notes: 'Zebedee Quarrington came with Ophelia; mentioned hospital appointment' },
    });
    const notAttended = await admin.mag.create({ date: '2025-03-01', clients: [{ id: ophelia.id }], mps: [], volunteers: [], details: { totalClients: 1, notes: 'Ophelia says Zebedee sends his regards' } });
    const relative = newClient({ name: 'Harriet Stowell' });
    relative.details.nextOfKin = 'Brother Zebedee Quarrington, 01984624715';
    relative.details.referredBy = 'Zebedee';
    relative.details.notes = [{ date: '2025-01-05', note: 'Mr Quarrington rang from zeb@example.org about TA4 5QR', minutesTaken: 5 }];
    const harriet = await admin.clients.create(relative);

    const result = await admin.dataProtection.anonymise({ personId: zebedee.id });

    expect((await admin.mag.getById({ id: attended.id })).details.notes).toBe('[erased] came with Ophelia; mentioned hospital appointment');
    const after = await admin.clients.getById({ id: harriet.id });
    expect(after.details).toMatchObject({ name: 'Harriet Stowell', nextOfKin: 'Brother [erased], [erased]', referredBy: 'Zebedee' });
    expect(after.details.notes[0]?.note).toBe('Mr [erased] rang from [erased] about [erased]');
    expect(after.version).toBeGreaterThan(harriet.version);
    // The first name alone could be someone else: it is left for the Admin, with where to look.
    expect(result.toReview).toEqual(
      expect.arrayContaining([
        { recordId: notAttended.id, field: 'notes', mention: 'Zebedee' },
        { recordId: harriet.id, field: 'referred by', mention: 'Zebedee' },
      ]),
    );
    expect(result.toReview).toHaveLength(2);
    const entries = await t.database.db.select().from(auditLog).where(sql`${auditLog.procedure} = 'dataProtection.anonymise' and ${auditLog.recordId} in (${attended.id}, ${harriet.id})`);
    expect(entries.map((e) => e.recordId).sort()).toEqual([attended.id, harriet.id, harriet.id].sort());
    expect(JSON.stringify(entries)).toContain('next of kin');
    expect(JSON.stringify(entries).toLowerCase()).not.toMatch(/zebedee|quarrington|01984|zeb@/);
    // The MAG log they attended no longer names them in its history either.
    const [created] = await t.database.db.select().from(auditLog).where(sql`${auditLog.procedure} = 'mag.create' and ${auditLog.recordId} = ${attended.id}`);
    expect(JSON.stringify(created?.changes)).not.toMatch(/Zebedee|Quarrington/);
    expect(JSON.stringify(created?.changes)).toContain('Ophelia Dunstable');
  });

  it("leaves every audit entry of other people's records as it was, whatever it shares with the erased values", async () => {
    const neighbourInput = newClient({ name: 'Neville Ashcombe' });
    neighbourInput.details.phone = '01984 123456';
    neighbourInput.details.address.streetAddress = '1 High Street';
    const neighbour = await admin.clients.create(neighbourInput);
    await admin.requests.create(newRequest(neighbour.id, { startDate: '2024-02-01' }));
    const input = newClient({ name: 'Primrose Tiddy' });
    input.details.phone = '01984';
    input.details.address.streetAddress = 'Street';
    const primrose = await admin.clients.create(input);
    const request = await admin.requests.create(newRequest(primrose.id, { startDate: '2024-02-01' }));
    const history = (db: Executor) => queryRows<{ id: number; record_id: string | null; changes: string | null }>(db, sql`select id, record_id, changes::text from audit_log order by id`);
    const before = await history(t.database.db);
    expect(before.filter((row) => row.changes?.includes('1 High Street') && row.changes.includes('01984 123456'))).not.toHaveLength(0);

    await admin.dataProtection.anonymise({ personId: primrose.id });

    const after = await history(t.database.db);
    const own = new Set([primrose.id, request.id]);
    const others = (rows: typeof before) => rows.filter((row) => row.id <= before.at(-1)!.id && !own.has(row.record_id ?? ''));
    expect(others(after)).toEqual(others(before));
    expect(after.filter((row) => own.has(row.record_id ?? '') && row.changes?.includes('Primrose'))).toEqual([]);
  });

  it('anonymises a volunteer: the name leaves training records and MAG logs', async () => {
    const volunteer = await admin.volunteers.create(newCarer({ name: 'Bartholomew Quince' }));
    await admin.trainingRecords.create({ ownerId: volunteer.id, expiryDate: '2027-01-01', details: { recordName: 'GDPR', notes: 'Bartholomew passed' } });
    await admin.mag.create({ date: '2025-05-01', clients: [], mps: [], volunteers: [{ id: volunteer.id }], details: { totalClients: 0, totalVolunteers: 1 } });
    await admin.dataProtection.anonymise({ personId: volunteer.id });
    const everything = await databaseText(t.database.db);
    expect(everything).not.toContain('bartholomew');
    expect(everything).not.toContain('quince');
  });

  it("erases the carer's mail: messages to their address go, and staff digests no longer name them", async () => {
    const input = newCarer({ name: "Ottoline O'Fairweather" });
    input.details.email = 'ottoline@carer.example';
    const mp = await admin.mps.create(input);
    const mail = (to: string, kind: string, line: string) => ({ to, kind, subject: 'Expiries', text: line, html: `<p>${line}</p>` });
    await queueMessage(t.database.db, mail('Ottoline@Carer.example', 'carer-reminder', 'Your DBS expires soon'));
    await queueMessage(t.database.db, mail('office@valecare.test', 'digest', "Ottoline O'Fairweather: DBS, 27 Nov 2026"));
    await queueMessage(t.database.db, mail('office@valecare.test', 'digest', 'Someone Else: DBS, 27 Nov 2026'));
    await t.database.db.update(mailMessages).set({ html: sql`replace(${mailMessages.html}, '''', '&#39;')` });

    await admin.dataProtection.anonymise({ personId: mp.id });

    const everything = await databaseText(t.database.db);
    expect(everything).not.toContain('ottoline');
    expect(everything).not.toContain('fairweather');
    const left = await t.database.db.select({ text: mailMessages.text }).from(mailMessages);
    expect(left.map((m) => m.text).sort()).toEqual([`Anonymised MP ${mp.id.slice(-6)}: DBS, 27 Nov 2026`, 'Someone Else: DBS, 27 Nov 2026']);
  });
});

describe('planned visits in a person’s data', () => {
  /**
   * A client with an open package planned Mondays 09:00, key information with a code, and next Monday's visit
   * cancelled; their carer away in `town` at Christmas.
   */
  async function plannedClient(name: string, town: string) {
    const client = await admin.clients.create(newClient({ name }));
    const mp = await admin.mps.create(newCarer({ name: 'Percy Planner' }));
    const request = await admin.requests.create(newRequest(client.id, { startDate: '2026-11-02', weeklyHours: 1 }));
    const pkg = await admin.packages.create(newPackage(mp.id, request.id, { startDate: '2026-11-02', weeklyHours: 1 }));
    await admin.visitPlans.set({ packageId: pkg.id, visits: [{ weekday: 1, start: '09:00', end: '10:00' }], version: 0 });
    await admin.clients.setKeyInformation({ clientId: client.id, accessNotes: `${name}'s key is under the mat`, allergiesAndRisks: 'Latex', emergencyContact: 'Son 07700 900111', keySafeCode: '5917', version: 0 });
    await admin.plannedVisits.change({ packageId: pkg.id, date: '2026-11-23', start: '09:00', action: 'cancel', reason: `${name} in hospital with her hip` });
    await admin.availability.set({ carerId: mp.id, weekly: [{ weekday: 1, start: '08:00', end: '12:00' }], timeOff: [{ from: '2026-12-20', to: '2026-12-27', note: `Visiting my sister in ${town}` }], version: 0 });
    return { client, mp, pkg };
  }

  it("are in the client's export (the plan, the week's changes and the key information, never the code or the carer) and the carer's (their availability)", async () => {
    const { client, mp, pkg } = await plannedClient('Hester Plumtree', 'Leeds');
    const exported = await admin.dataProtection.exportPerson({ personId: client.id });
    const person = exported.person as { keyInformation: unknown; requests: { packages: { id: string; visitPlan: { visits: unknown[]; changes: { reason: string }[] } }[] }[] };
    expect(person.keyInformation).toEqual({ accessNotes: "Hester Plumtree's key is under the mat", allergiesAndRisks: 'Latex', emergencyContact: 'Son 07700 900111' });
    const planned = person.requests[0]!.packages.find((p) => p.id === pkg.id)!.visitPlan;
    expect(planned.visits).toEqual([{ weekday: 1, start: '09:00', end: '10:00' }]);
    expect(planned.changes).toEqual([expect.objectContaining({ slotDate: '2026-11-23', cancelled: true, reason: 'Hester Plumtree in hospital with her hip' })]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('5917');
    expect(text).not.toContain(mp.id);
    expect(text).not.toContain('Visiting my sister');

    const carers = JSON.stringify(await admin.dataProtection.exportPerson({ personId: mp.id }));
    expect(carers).toContain('Visiting my sister in Leeds');
    expect(carers).not.toContain('in hospital with her hip');
    expect(carers).not.toContain('under the mat');
  });

  it('leave nothing of the client once anonymised, and nothing of when the carer could work once the carer is', async () => {
    const { client, mp } = await plannedClient('Araminta Fettiplace', 'Harrogate');
    await admin.dataProtection.anonymise({ personId: client.id });
    const everything = await databaseText(t.database.db);
    expect(everything).not.toContain('fettiplace');
    await admin.dataProtection.anonymise({ personId: mp.id });
    expect(await databaseText(t.database.db)).not.toContain('harrogate');
  });
});

describe('wellbeing answers in a person’s data', () => {
  it('are in the client’s export without who asked; anonymised, what matters to them goes and the scores stay for the totals', async () => {
    const client = await admin.clients.create(newClient({ name: 'Philippa Wellbeing' }));
    const carer = await admin.volunteers.create(newCarer({ name: 'Quentin Asker' }));
    const answers = { lifeSatisfaction: 4, worthwhile: 5, happy: 6, anxious: 7, lonely: 'occasionally' as const };
    await admin.wellbeing.record({ clientId: client.id, askedOn: '2026-10-01', ...answers, mattersMost: 'Philippa wants to walk to the chapel again' });
    await t.database.db.update(wellbeingAnswers).set({ carerId: carer.id }).where(sql`${wellbeingAnswers.clientId} = ${client.id}`);
    const exported = await admin.dataProtection.exportPerson({ personId: client.id });
    expect((exported.person as { wellbeing: unknown[] }).wellbeing).toEqual([
      expect.objectContaining({ askedOn: '2026-10-01', ...answers, declined: [], mattersMost: 'Philippa wants to walk to the chapel again' }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(carer.id);

    await admin.dataProtection.anonymise({ personId: client.id });
    expect(await databaseText(t.database.db)).not.toContain('chapel');
    const [kept] = await t.database.db.select().from(wellbeingAnswers).where(sql`${wellbeingAnswers.clientId} = ${client.id}`);
    expect(kept).toMatchObject({ ...answers, mattersMost: '' });
  });
});

describe('retention review', () => {
  it('lists clients whose care ended over the period ago and carers archived that long, not active ones', async () => {
    const old = await admin.clients.create(newClient({ name: 'Long Gone' }));
    await admin.requests.create(newRequest(old.id, { startDate: '2015-01-01', endDate: '2016-12-31' }));
    const recent = await admin.clients.create(newClient({ name: 'Recently Ended' }));
    await admin.requests.create(newRequest(recent.id, { startDate: '2015-01-01', endDate: '2024-12-31' }));
    const active = await admin.clients.create(newClient({ name: 'Still Cared For' }));
    await admin.requests.create(newRequest(active.id, { startDate: '2010-01-01' }));
    const carer = await admin.mps.create(newCarer({ name: 'Archived Long Ago' }));
    await admin.mps.toggleArchive({ id: carer.id });
    await t.database.db.execute(sql`update carers set archived_at = '2018-01-01' where id = ${carer.id}`);

    const listed = (await retentionReview({ db: t.database.db, today: TODAY, retentionYears: 6 })).map((c) => c.name);
    expect(listed).toContain('Long Gone');
    expect(listed).toContain('Archived Long Ago');
    expect(listed).not.toContain('Recently Ended');
    expect(listed).not.toContain('Still Cared For');
    expect(listed.every((name) => !name.startsWith('Anonymised'))).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses Coordinator and Finance every data protection procedure', async () => {
    const client = await admin.clients.create(newClient());
    for (const role of ['Coordinator', 'Finance', 'Trustee'] as const) {
      const caller = t.caller(role);
      await expect(caller.dataProtection.exportPerson({ personId: client.id })).rejects.toThrow(/may not read dataProtection/);
      await expect(caller.dataProtection.anonymise({ personId: client.id })).rejects.toThrow(/may not update dataProtection/);
      await expect(caller.dataProtection.retentionReview()).rejects.toThrow(/may not read dataProtection/);
    }
  });
});
