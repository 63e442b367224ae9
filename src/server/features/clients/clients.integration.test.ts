import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/shared/constants';
import { auditLog } from '@/server/db/schema/audit';
import { requests } from '@/server/db/schema/care';
import { clients, notes } from '@/server/db/schema/people';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { newClient } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { NAME_CHANGE_REFUSED } from '@/server/records/people-rules';

const { t, admin } = testAppForFile();

beforeAll(async () => {
  // Deciles: 1 is the most deprived tenth; the default line is decile 2.
  await t.database.db.insert(postcodeDeprivation).values([
    { postCode: 'TA4 1AA', lsoaCode: 'E01000001', incomeDecile: 1, healthDecile: 2, edition: 'IoD2025' },
    { postCode: 'TA4 1AB', lsoaCode: 'E01000002', incomeDecile: 2, healthDecile: 7, edition: 'IoD2025' },
    { postCode: 'TA4 1AC', lsoaCode: 'E01000003', incomeDecile: 5, healthDecile: 1, edition: 'IoD2025' },
    { postCode: 'TA4 1AD', lsoaCode: 'E01000004', incomeDecile: 8, healthDecile: 9, edition: 'IoD2019' },
  ]);
});

describe('clients.create', () => {
  it('applies the spec defaults and normalises the post code', async () => {
    const client = await admin.clients.create(newClient({ postCode: ' ta42xy ' }));
    expect(client.id).toMatch(/^c[a-z0-9]{15}$/);
    expect(client).toMatchObject({ archived: 'N', version: 1 });
    expect(client.details).toMatchObject({
      address: { locality: 'Wiveliscombe', county: 'Somerset', postCode: 'TA4 2XY', streetAddress: '' },
      attendanceAllowance: 'pending',
      donationAmount: 0,
      donationScheme: false,
      attendsMag: false,
      services: [],
      notes: [],
    });
    expect(client.postcode).toBe('TA4 2XY');
  });

  it('requires a post code with the spec message, and changes nothing', async () => {
    const before = (await admin.clients.getAll()).length;
    await expect(admin.clients.create(newClient({ postCode: '  ' }))).rejects.toThrow(MESSAGES.postCodeRequired);
    expect(await admin.clients.getAll()).toHaveLength(before);
  });

  it('refuses wrong types, unknown fields, bad dates and negative donations with clear messages', async () => {
    const good = newClient();
    await expect(admin.clients.create({ ...good, extra: 1 } as never)).rejects.toThrow(/extra/);
    await expect(admin.clients.create({ ...good, dateOfBirth: '1940-02-30' })).rejects.toThrow('dateOfBirth: Enter a date as YYYY-MM-DD');
    await expect(
      admin.clients.create({ ...good, details: { ...good.details, donationAmount: -5 } }),
    ).rejects.toThrow('details.donationAmount: Donation amount cannot be negative');
    await expect(
      admin.clients.create({ ...good, details: { ...good.details, address: { postCode: 'TA4', locality: 'Paris' as never } } }),
    ).rejects.toThrow(/details\.address\.locality/);
    await expect(
      admin.clients.create({ ...good, details: { ...good.details, notes: [{ date: '2025-01-01', note: '   ' }] } }),
    ).rejects.toThrow('A note cannot be blank');
    await expect(
      admin.clients.create({ ...good, details: { ...good.details, notes: [{ date: '2025-01-01', note: 'x', minutesTaken: -1 }] } }),
    ).rejects.toThrow('Time taken cannot be negative');
  });

  it.each([
    ['TA4 1AA', { income: true, health: true }],
    ['TA4 1AB', { income: true, health: false }],
    ['ta41ac', { income: false, health: true }],
    ['TA4 1AD', { income: false, health: false }],
  ])('looks up deprivation for %s', async (postCode, expected) => {
    const client = await admin.clients.create(newClient({ postCode }));
    expect(client.deprivationData).toEqual(expected);
    expect(client.details.address.deprivation).toEqual(expected);
  });

  it('keeps the flags entered for a post code with no data', async () => {
    const input = newClient({ postCode: 'EX1 1ZZ' });
    input.details.address.deprivation = { income: true, health: false };
    const client = await admin.clients.create(input);
    expect(client.deprivationData).toEqual({ income: true, health: false });
  });

  it('stores names and text without invisible or reordering characters, on create and on rename', async () => {
    const input = newClient({ name: '\u202Eabc' });
    input.details.nextOfKin = 'Jo\u200B Pollard\u2066';
    const client = await admin.clients.create(input);
    const stored = async () => (await t.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]!;
    await expect(stored()).resolves.toMatchObject({ name: 'abc', nextOfKin: 'Jo Pollard' });

    await admin.clients.updateName({ clientId: client.id, newName: 'moc.erac\u202D@nimda\uFEFF' });
    expect((await stored()).name).toBe('moc.erac@nimda');
    await expect(admin.clients.updateName({ clientId: client.id, newName: '\u202E\u200F' })).rejects.toThrow('Name is required');
  });

  it('writes an audit row in the same transaction', async () => {
    const client = await admin.clients.create(newClient({ name: 'Audit Me' }));
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ procedure: 'clients.create', actorEmail: 'admin@valecare.test', actorRole: 'Admin' });
    expect(rows[0]!.changes).toMatchObject({ 'details.name': { from: null, to: 'Audit Me' } });
  });
});

/** The update payload for a stored client: exactly the fields update takes. */
type StoredClient = Pick<Awaited<ReturnType<typeof admin.clients.update>>, 'id' | 'version' | 'archived' | 'dateOfBirth' | 'details'>;
function editable({ id, version, archived, dateOfBirth, details }: StoredClient) {
  return { id, version, archived, dateOfBirth, details };
}

describe('a change made against the client as this server last read or wrote them', () => {
  const phoneChanges = async (id: string) =>
    (await t.auditRows(id))
      .filter((a) => a.procedure === 'clients.update')
      .map((a) => (a.changes as Record<string, { from: unknown; to: unknown }>)['details.phone']);

  it('is audited from what was stored, change after change', async () => {
    const client = editable(await admin.clients.create(newClient()));
    await admin.clients.getById({ id: client.id });
    let saved = await admin.clients.update({ ...client, details: { ...client.details, phone: '01984 100001' } });
    saved = await admin.clients.update({ ...editable(saved), details: { ...saved.details, phone: '01984 100002' } });
    saved = await admin.clients.update({ ...editable(saved), details: { ...saved.details, phone: '01984 100001' } });
    expect(saved.version).toBe(4);
    expect(await phoneChanges(client.id)).toEqual([
      { from: client.details.phone, to: '01984 100001' },
      { from: '01984 100001', to: '01984 100002' },
      { from: '01984 100002', to: '01984 100001' },
    ]);
  });

  it('moves the version on for a write that leaves it as it was, so a copy remembered before is never taken for the row', async () => {
    const client = editable(await admin.clients.create(newClient()));
    await admin.clients.getById({ id: client.id });
    // Another writer (a script, another server, a statement that forgot the version) changes the phone.
    await t.database.db.update(clients).set({ phone: '01984 200000' }).where(eq(clients.id, client.id));
    const [stored] = await t.database.db.select({ version: clients.version }).from(clients).where(eq(clients.id, client.id));
    expect(stored!.version).toBe(client.version + 1);

    // Against the version the form saw, the change is refused as stale, as any change to a moved-on record is.
    await expect(admin.clients.update({ ...client, details: { ...client.details, phone: '01984 300000' } })).rejects.toThrow(STALE_MESSAGE);
    // Without a version, it is saved against the row as stored, and audited from what was stored.
    const { version: _seen, ...unversioned } = client;
    const saved = await admin.clients.update({ ...unversioned, details: { ...client.details, phone: '01984 300000' } });
    expect(saved).toMatchObject({ version: client.version + 2, details: { phone: '01984 300000' } });
    expect(await phoneChanges(client.id)).toEqual([{ from: '01984 200000', to: '01984 300000' }]);
  });
});

describe('clients.update and updateName', () => {
  it('updates fields and notes but refuses a name change, which goes through updateName only', async () => {
    const client = editable(await admin.clients.create(newClient({ name: 'Ann Brown' })));
    const updated = await admin.clients.update({
      ...client,
      details: { ...client.details, phone: '01984 000000', notes: [{ date: '2025-02-01', note: 'Called daughter', minutesTaken: 15 }] },
    });
    expect(updated.version).toBe(2);
    expect(updated.details.phone).toBe('01984 000000');
    expect(updated.details.notes).toEqual([{ date: '2025-02-01', note: 'Called daughter', source: 'Phone', minutesTaken: 15 }]);

    await expect(admin.clients.update({ ...editable(updated), details: { ...updated.details, name: 'Ann Green' } })).rejects.toThrow(
      NAME_CHANGE_REFUSED,
    );
    const renamed = await admin.clients.updateName({ clientId: client.id, newName: 'Ann Green' });
    expect(renamed.details.name).toBe('Ann Green');
    expect(renamed.details.phone).toBe('01984 000000');
  });

  it('rewrites the notes only when they changed, and audits them as they were and are', async () => {
    const written = [{ date: '2025-02-01', note: 'Called daughter', source: 'Phone' as const, minutesTaken: 15 }];
    const fresh = newClient();
    const client = editable(await admin.clients.create({ ...fresh, details: { ...fresh.details, notes: written } }));
    const noteIds = async () => (await t.database.db.select({ id: notes.id }).from(notes).where(eq(notes.clientId, client.id))).map((n) => n.id);
    const idsBefore = await noteIds();
    const samePhone = await admin.clients.update({ ...client, details: { ...client.details, phone: '01984 111111' } });
    expect(samePhone.details.notes).toEqual(written);
    expect(await noteIds()).toEqual(idsBefore);
    const more = [...written, { date: '2025-03-01', note: 'Visited', source: 'In Person' as const, minutesTaken: 30 }];
    const changed = await admin.clients.update({ ...editable(samePhone), details: { ...samePhone.details, notes: more } });
    expect(changed.details.notes).toEqual(more);
    expect((await admin.clients.getById({ id: client.id })).details.notes).toEqual(more);
    const audits = await t.auditRows(client.id);
    const [phoneChange, notesChange] = audits.filter((a) => a.procedure === 'clients.update').map((a) => a.changes as Record<string, { from: unknown; to: unknown }>);
    expect(Object.keys(phoneChange!)).toEqual(expect.arrayContaining(['details.phone']));
    expect(phoneChange!['details.notes']).toBeUndefined();
    expect(notesChange!['details.notes']).toEqual({ from: written, to: more });
  });

  it('refuses any other field in updateName', async () => {
    const client = await admin.clients.create(newClient());
    await expect(
      admin.clients.updateName({ clientId: client.id, newName: 'X', details: { phone: '1' } } as never),
    ).rejects.toThrow(/details/);
    expect((await admin.clients.getById({ id: client.id })).details.name).toBe('Edna Pollard');
  });

  it('refuses a change made against a stale version', async () => {
    const client = editable(await admin.clients.create(newClient()));
    await admin.clients.toggleArchive({ id: client.id, version: 1 });
    await expect(admin.clients.update({ ...client, version: 1 })).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.clients.toggleArchive({ id: client.id, version: 1 })).rejects.toThrow(STALE_MESSAGE);
  });

  it('answers HTTP 409 with the message to a stale change over HTTP', async () => {
    const client = editable(await admin.clients.create(newClient()));
    await admin.clients.update({ ...client, details: { ...client.details, phone: '1' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/clients.update',
      headers: { authorization: `Bearer ${await t.idToken('Admin')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...client, details: { ...client.details, phone: '2' } }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(STALE_MESSAGE);
    expect((await admin.clients.getById({ id: client.id })).details.phone).toBe('1');
  });

  it('answers NOT_FOUND for an unknown client', async () => {
    await expect(admin.clients.getById({ id: 'cnope' })).rejects.toThrow('Client not found');
    await expect(admin.clients.getById({ id: 'm123' })).rejects.toThrow('Not a client id');
  });
});

describe('archive and delete', () => {
  it('toggles archived, and lists hide archived clients unless asked', async () => {
    const client = await admin.clients.create(newClient({ name: 'Archie Vee' }));
    expect((await admin.clients.toggleArchive({ id: client.id })).archived).toBe('Y');
    expect((await admin.clients.getAllNotArchived()).some((c) => c.id === client.id)).toBe(false);
    expect((await admin.clients.getAll()).some((c) => c.id === client.id)).toBe(true);
    expect((await admin.clients.toggleArchive({ id: client.id })).archived).toBe('N');
  });

  it('refuses to delete a client with requests, and deletes one without', async () => {
    const client = await admin.clients.create(newClient());
    await t.database.db.insert(requests).values({ id: 'rtest1', clientId: client.id, startDate: '2025-01-01', postCode: 'TA4 2AB' });
    await expect(admin.clients.delete({ id: client.id })).rejects.toThrow('This client has requests');
    const lonely = await admin.clients.create(newClient());
    await admin.clients.delete({ id: lonely.id });
    await expect(admin.clients.getById({ id: lonely.id })).rejects.toThrow('Client not found');
  });
});

describe('clients.getAllWithMagService', () => {
  it('lists clients with the MAG service or who attend MAG, not archived', async () => {
    const mag = await admin.clients.create(newClient({ name: 'Mag Service', services: ['MAG'] }));
    const plain = await admin.clients.create(newClient({ name: 'No Mag' }));
    const ids = (await admin.clients.getAllWithMagService()).map((c) => c.id);
    expect(ids).toContain(mag.id);
    expect(ids).not.toContain(plain.id);
  });
});

describe('permissions', () => {
  it('lets a Coordinator create and update but not delete', async () => {
    const coordinator = t.caller('Coordinator');
    const client = await coordinator.clients.create(newClient());
    await coordinator.clients.toggleArchive({ id: client.id });
    await expect(coordinator.clients.delete({ id: client.id })).rejects.toThrow(/may not delete clients/);
  });

  it('lets Finance and Trustees only read clients', async () => {
    await expect(t.caller('Finance').clients.getAll()).resolves.toBeInstanceOf(Array);
    await expect(t.caller('Trustee').clients.create(newClient())).rejects.toThrow(/may not create clients/);
  });
});
