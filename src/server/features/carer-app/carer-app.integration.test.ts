import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARER_ROLE } from '@/shared/permissions';
import { passwordLinks, users } from '@/server/db/schema/auth';
import { auditLog } from '@/server/db/schema/audit';
import { newCarer } from '@/server/test/builders';
import { callOverHttp } from '@/server/test/procedure-calls';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let coordinator: ReturnType<TestApp['caller']>;
let people = 0;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = t.caller('Coordinator');
});
afterAll(() => t.close());

/** A volunteer with an e-mail address of their own. */
async function aVolunteer(email: string | null = `vera${++people}@carers.example`) {
  const carer = newCarer({ name: `Vera Visits ${people}` });
  return t.caller('Admin').volunteers.create({ ...carer, details: { ...carer.details, email: email ?? '' } });
}

const accountOf = async (carerId: string) => (await t.database.db.select().from(users).where(eq(users.carerId, carerId)))[0];

describe('carerApp.invite', () => {
  it('gives the carer an account of the Carer role at the address on their record, with the link to pass on, audited', async () => {
    const carer = await aVolunteer();
    expect(await coordinator.carerApp.getStatus({ carerId: carer.id })).toMatchObject({ state: 'none', email: null });
    const invited = await coordinator.carerApp.invite({ carerId: carer.id });
    expect(invited).toMatchObject({ carerId: carer.id, state: 'invited', email: carer.details.email });
    // No mail server here: the invitation's link is answered once, to pass on.
    expect(invited.linkToPassOn).toMatch(/^http.+/);
    expect(await accountOf(carer.id)).toMatchObject({ role: CARER_ROLE, email: carer.details.email, givenName: 'Vera Visits', familyName: String(people) });
    const [audit] = await t.database.db
      .select({ procedure: auditLog.procedure, actor: auditLog.actorRole })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, carer.id), eq(auditLog.procedure, 'carerApp.invite')));
    expect(audit).toEqual({ procedure: 'carerApp.invite', actor: 'Coordinator' });
  });

  it('refuses, in words and changing nothing, a carer with no e-mail, an archived one, one who has the app, and an address taken', async () => {
    const noEmail = await aVolunteer(null);
    await expect(coordinator.carerApp.invite({ carerId: noEmail.id })).rejects.toThrow(`${noEmail.details.name} has no e-mail address: add one to their record, then invite them`);
    const archived = await aVolunteer();
    await t.caller('Admin').volunteers.toggleArchive({ id: archived.id, version: archived.version });
    await expect(coordinator.carerApp.invite({ carerId: archived.id })).rejects.toThrow(`${archived.details.name} is archived: restore them before inviting them to the carer app`);
    const had = await aVolunteer();
    await coordinator.carerApp.invite({ carerId: had.id });
    await expect(coordinator.carerApp.invite({ carerId: had.id })).rejects.toThrow(`${had.details.name} already has the carer app`);
    const twin = await aVolunteer(had.details.email);
    await expect(coordinator.carerApp.invite({ carerId: twin.id })).rejects.toThrow(`Another account signs in with ${had.details.email}: a carer's account needs an address of its own`);
    expect(await accountOf(noEmail.id)).toBeUndefined();
    expect(await accountOf(archived.id)).toBeUndefined();
    expect(await accountOf(twin.id)).toBeUndefined();
    await expect(t.caller('Finance').carerApp.invite({ carerId: noEmail.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller('Trustee').carerApp.invite({ carerId: noEmail.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a carer’s account', () => {
  it('reaches no procedure of the office: the search and My account answer 403, as every permitted procedure does', async () => {
    const token = await t.idToken(CARER_ROLE);
    const me = await callOverHttp(t.app, { path: 'session.me', type: 'query' }, undefined, token);
    expect(me.statusCode).toBe(200);
    for (const [path, type, input] of [
      ['search.find', 'query', { query: 'vera' }],
      ['account.get', 'query', undefined],
      ['account.signOutEverywhere', 'mutation', {}],
      ['clients.getAll', 'query', undefined],
      ['volunteers.getAll', 'query', undefined],
    ] as const) {
      const response = await callOverHttp(t.app, { path, type }, input, token);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 403 });
    }
  });

  it('ends at the next call once revoked, and a revoked carer may be invited again', async () => {
    const carer = await aVolunteer();
    await coordinator.carerApp.invite({ carerId: carer.id });
    const account = (await accountOf(carer.id))!;
    const token = await t.idToken(CARER_ROLE, { sub: account.id, email: account.email });
    expect((await callOverHttp(t.app, { path: 'session.me', type: 'query' }, undefined, token)).statusCode).toBe(200);

    expect(await coordinator.carerApp.revoke({ carerId: carer.id })).toMatchObject({ state: 'ended' });
    expect((await callOverHttp(t.app, { path: 'session.me', type: 'query' }, undefined, token)).statusCode).toBe(401);
    await expect(coordinator.carerApp.revoke({ carerId: carer.id })).rejects.toThrow('This carer does not have the carer app');

    expect(await coordinator.carerApp.invite({ carerId: carer.id })).toMatchObject({ state: 'invited' });
    const again = (await accountOf(carer.id))!;
    expect(again.id).toBe(account.id);
    // Invited again, they choose a password anew from the link: the one from before their access ended opens nothing.
    expect(again.passwordHash).not.toBe(account.passwordHash);
  });

  it('ends when the carer is archived, and goes whole, address and names, when they are anonymised', async () => {
    const admin = t.caller('Admin');
    const archived = await aVolunteer();
    await coordinator.carerApp.invite({ carerId: archived.id });
    const token = await t.idToken(CARER_ROLE, { sub: (await accountOf(archived.id))!.id });
    await admin.volunteers.toggleArchive({ id: archived.id, version: archived.version });
    expect((await callOverHttp(t.app, { path: 'session.me', type: 'query' }, undefined, token)).statusCode).toBe(401);
    // The invitation's link, not yet used, opens nothing any more: not even after the carer is invited again.
    const links = await t.database.db.select({ usedAt: passwordLinks.usedAt }).from(passwordLinks).where(eq(passwordLinks.userId, (await accountOf(archived.id))!.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.usedAt !== null)).toBe(true);
    expect(await coordinator.carerApp.getStatus({ carerId: archived.id })).toMatchObject({ state: 'ended' });
    const [why] = await t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, archived.id), eq(auditLog.procedure, 'carerApp.revoke')));
    expect(why!.changes).toEqual({ reason: 'archived' });

    const erased = await aVolunteer();
    await coordinator.carerApp.invite({ carerId: erased.id });
    const { version } = await admin.volunteers.getById({ id: erased.id });
    await admin.dataProtection.anonymise({ personId: erased.id, version });
    expect(await accountOf(erased.id)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, erased.details.email))).toEqual([]);
    expect(await coordinator.carerApp.getStatus({ carerId: erased.id })).toMatchObject({ state: 'none', email: null });
  });
});
