import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { clients } from '@/server/db/schema/people';
import { refused, STALE_MESSAGE } from '@/server/records/record-errors';
import { type RecordKind, type RowOf, saveNextVersion, saveUnchangedSince, updateRecord } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { newClient } from '@/server/test/builders';
import { createTestApp, type TestApp } from '@/server/test/test-app';

// What the resource tests cannot see: a refused change leaves neither the change nor an audit row.

const PHONE: RecordKind<typeof clients, { phone: string }> = { table: clients, label: 'Client', view: (_tx, row) => ({ phone: row.phone }) };

let t: TestApp;
let ctx: RecordContext;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  ctx = { db: t.database.db, actor: { givenName: 'Ada', familyName: 'Admin', email: 'ada@valecare.test', role: 'Admin' }, today: '2025-05-10', deprivationMaxDecile: 3 };
  clientId = (await t.caller('Admin').clients.create(newClient())).id;
});
afterAll(() => t.close());

async function storedRow() {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.id, clientId));
  return row! as RowOf<typeof clients>;
}

async function stored() {
  const row = await storedRow();
  const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, clientId));
  return { version: row.version, phone: row.phone, auditRows: audited.length };
}

async function lastAudit() {
  const [last] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, clientId)).orderBy(desc(auditLog.id)).limit(1);
  return last!;
}

const savePhone = (phone: string) => (tx: Executor, row: RowOf<typeof clients>) => saveNextVersion(tx, clients, row, { phone });

describe('record lifecycle', () => {
  it('refuses a change against an older version with nothing written', async () => {
    const before = await stored();
    await expect(updateRecord(ctx, PHONE, { id: clientId, version: before.version - 1 }, 'clients.update', savePhone('01234 200000'))).rejects.toThrow(STALE_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it('undoes the stored version when a rule refuses the change after it', async () => {
    const before = await stored();
    const change = updateRecord(ctx, PHONE, { id: clientId, version: before.version }, 'clients.update', async (tx, row) => {
      await savePhone('01234 300000')(tx, row);
      throw refused('Refused after saving');
    });
    await expect(change).rejects.toThrow('Refused after saving');
    expect(await stored()).toEqual(before);
  });

  it('stores the next version with one audit row of what changed', async () => {
    const before = await stored();
    expect(await updateRecord(ctx, PHONE, { id: clientId, version: before.version }, 'clients.update', savePhone('01234 400000'))).toEqual({ phone: '01234 400000' });
    expect(await stored()).toEqual({ version: before.version + 1, phone: '01234 400000', auditRows: before.auditRows + 1 });
    const [last] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, clientId)).orderBy(auditLog.id).limit(1).offset(before.auditRows);
    expect(last).toMatchObject({ procedure: 'clients.update', actorEmail: 'ada@valecare.test', changes: { phone: { from: before.phone, to: '01234 400000' } } });
  });

  describe('saved in one statement with its audit row (saveUnchangedSince)', () => {
    const donation = (row: RowOf<typeof clients>) => ({ phone: row.phone, donationAmount: row.donationAmount });

    it('stores the next version and its audit row while the row is as it was read', async () => {
      const read = await storedRow();
      const before = await stored();
      const after = await saveUnchangedSince(ctx, clients, read, { phone: '01234 500000' }, { procedure: 'clients.update', before: donation(read), viewOf: donation });
      expect(after?.view).toEqual({ phone: '01234 500000', donationAmount: read.donationAmount });
      expect(await stored()).toEqual({ version: before.version + 1, phone: '01234 500000', auditRows: before.auditRows + 1 });
      expect(await lastAudit()).toMatchObject({ procedure: 'clients.update', actorEmail: 'ada@valecare.test', changes: { phone: { from: read.phone, to: '01234 500000' } } });
    });

    it('writes neither the change nor an audit row once the row has moved on since it was read', async () => {
      const read = await storedRow();
      await updateRecord(ctx, PHONE, { id: clientId }, 'clients.update', savePhone('01234 600000'));
      const before = await stored();
      const after = await saveUnchangedSince(ctx, clients, read, { phone: '01234 700000' }, { procedure: 'clients.update', before: donation(read), viewOf: donation });
      expect(after).toBeUndefined();
      expect(await stored()).toEqual(before);
    });

    it('leaves to the locked course a value the database would store differently from how it was sent', async () => {
      const read = await storedRow();
      const before = await stored();
      // numeric(10, 2): the database would round it to pence, and the audit row say what was sent.
      expect(await saveUnchangedSince(ctx, clients, read, { donationAmount: 12.345 }, { procedure: 'clients.update', before: donation(read), viewOf: donation })).toBeUndefined();
      expect(await saveUnchangedSince(ctx, clients, read, { archived: 'Yes' }, { procedure: 'clients.update', before: donation(read), viewOf: donation })).toBeUndefined();
      expect(await stored()).toEqual(before);
    });
  });
});
