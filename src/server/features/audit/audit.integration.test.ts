import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema/audit';
import { addStaffAccount, newClient } from '@/server/test/builders';
import { signInThroughProvider } from '@/server/test/sign-in-flow';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t } = testAppForFile();

describe('the audit trail', () => {
  it('records who changed which fields of which record, and lists a record’s history', async () => {
    const admin = t.caller('Admin');
    const client = await admin.clients.create(newClient({ name: 'Hist Ory' }));
    await t.caller('Coordinator').clients.updateName({ clientId: client.id, newName: 'Hist Ory-Jones' });
    const history = await admin.audit.forRecord({ recordId: client.id });
    expect(history.map((h) => [h.procedure, h.actorEmail, h.actorRole])).toEqual([
      ['clients.updateName', 'coordinator@valecare.test', 'Coordinator'],
      ['clients.create', 'admin@valecare.test', 'Admin'],
    ]);
    expect(history[0]!.changes).toEqual({ name: { from: 'Hist Ory', to: 'Hist Ory-Jones' } });
  });

  it('names each record as it is now and the person who acted, and filters by either however typed', async () => {
    const admin = t.caller('Admin');
    await addStaffAccount(t.database.db, { email: 'coordinator@valecare.test', givenName: 'Cora', familyName: 'Ordinator', role: 'Coordinator', password: 'coras own long password' });
    const client = await admin.clients.create(newClient({ name: 'Renée Smithson' }));
    const read = await admin.clients.getById({ id: client.id });
    await t.caller('Coordinator').clients.update({ ...read, details: { ...read.details, phone: '01823 400400' } });
    const request = await admin.requests.create({ clientId: client.id, startDate: '2026-01-05', details: { weeklyHours: 2 } });

    const found = await admin.audit.list({ recordName: 'renee smithson' });
    expect(found.map((e) => [e.procedure, e.recordId, e.recordName])).toEqual([
      ['requests.create', request.id, 'for Renée Smithson'],
      ['clients.update', client.id, 'Renée Smithson'],
      ['clients.create', client.id, 'Renée Smithson'],
    ]);
    expect(found[1]).toMatchObject({ actorEmail: 'coordinator@valecare.test', actorName: 'Cora Ordinator', changes: { 'details.phone': { to: '01823 400400' } } });
    // By the name of who acted, or part of their e-mail.
    const byCoordinator = await admin.audit.list({ actor: 'cora ordinator', recordName: 'Smithson' });
    expect(byCoordinator.map((e) => e.procedure)).toEqual(['clients.update']);
    expect((await admin.audit.list({ actor: 'coordinator@', recordName: 'Smithson' })).map((e) => e.procedure)).toEqual(['clients.update']);
    // Renamed, the trail reads the new name; nothing of the name is copied into it.
    await admin.clients.updateName({ clientId: client.id, newName: 'Renée Harwood', version: (await admin.clients.getById({ id: client.id })).version });
    expect((await admin.audit.forRecord({ recordId: client.id })).every((e) => e.recordName === 'Renée Harwood')).toBe(true);
    expect(await admin.audit.list({ recordName: 'smithson' })).toEqual([]);
  });

  it('filters by user, procedure and date, newest first, a page at a time', async () => {
    const admin = t.caller('Admin');
    for (let i = 0; i < 3; i++) await t.caller('Test').clients.create(newClient({ name: `Paged ${i}` }));
    const byTest = await admin.audit.list({ actorEmail: 'test@', procedure: 'clients.create' });
    expect(byTest).toHaveLength(3);
    expect(byTest[0]!.id).toBeGreaterThan(byTest[1]!.id);
    const page = await admin.audit.list({ actorEmail: 'test@', limit: 2 });
    const next = await admin.audit.list({ actorEmail: 'test@', limit: 2, cursor: page[1]!.id });
    expect(next.map((e) => e.id)).toEqual([byTest[2]!.id]);
    expect(await admin.audit.list({ from: '2001-01-01', to: '2001-12-31' })).toEqual([]);
    // A "%" in a filter is a character, not a wildcard.
    expect(await admin.audit.list({ actorEmail: '%' })).toEqual([]);
  });

  it('records sign-ins and failed sign-ins', async () => {
    await addStaffAccount(t.database.db, { email: 'aud@valecare.test', givenName: 'A', familyName: 'U', role: 'Trustee', password: 'audit-password-1' });
    await signInThroughProvider(t.app, { email: 'aud@valecare.test', password: 'wrong-password' }, { ip: '10.7.0.1' });
    await signInThroughProvider(t.app, { email: 'aud@valecare.test', password: 'audit-password-1' }, { ip: '10.7.0.1' });
    const entries = await t.caller('Admin').audit.list({ actorEmail: 'aud@valecare.test' });
    expect(entries.map((e) => [e.procedure, e.actorRole])).toEqual([
      ['auth.signIn', 'Trustee'],
      ['auth.signInFailed', ''],
    ]);
    expect(entries[0]!.changes).toEqual({ ip: '10.7.0.1' });
  });

  it('cannot be changed: the API has no way, and the database refuses', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    await expect(t.database.db.update(auditLog).set({ actorEmail: 'someone@else' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toEqual(row);
  });

  it('is for Admin and Test only', async () => {
    for (const role of ['Trustee', 'Coordinator', 'Finance'] as const) {
      await expect(t.caller(role).audit.list({})).rejects.toThrow(/may not read audit/);
    }
    await expect(t.caller('Test').audit.list({})).resolves.toBeInstanceOf(Array);
  });
});
