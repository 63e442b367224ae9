import { createServer, type Server } from 'node:http';
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARER_ROLE, type StaffRole as Role } from '@/shared/permissions';
import { recordLoginAttempt } from '@/server/accounts/login-attempts';
import { enrolmentSecret, enrolWithSecret, isEnrolled } from '@/server/accounts/two-step';
import { newTotpSecret } from '@/server/accounts/totp';
import { addUser, findUserById } from '@/server/accounts/accounts';
import { auditLog } from '@/server/db/schema/audit';
import { users } from '@/server/db/schema/auth';
import { mailMessages } from '@/server/db/schema/mail';
import { newCarer } from '@/server/test/builders';
import { callOverHttp, databaseFingerprint, errorOf, routerProcedures } from '@/server/test/procedure-calls';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let people = 0;

beforeAll(async () => {
  // A mail server is set up (at an address that takes nothing, so each message stays stored to be read here).
  t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  // The Admin the callers act as is an account here too, so "their own account" means something.
  await addUser(t.database.db, { email: 'admin@valecare.test', givenName: 'Admin', familyName: 'Tester', role: 'Admin' });
});
afterAll(() => t.close());

async function account(role: Role, overrides: { email?: string; givenName?: string } = {}) {
  const n = ++people;
  const { user } = await addUser(t.database.db, {
    email: overrides.email ?? `staff${n}@valecare.test`,
    givenName: overrides.givenName ?? 'Sam',
    familyName: `Staff${n}`,
    role,
  });
  return user;
}

/** The API's refusal of a call, as its code and message. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

function auditRowsFor(recordId: string) {
  return t.database.db
    .select({ actorEmail: auditLog.actorEmail, actorRole: auditLog.actorRole, procedure: auditLog.procedure, changes: auditLog.changes })
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(asc(auditLog.id));
}

describe('staff.list', () => {
  it('lists every account with its role, two-step status, latest sign-in and whether it is disabled', async () => {
    const none = await account('Finance');
    const pending = await account('Admin');
    await enrolmentSecret(t.database.db, pending.id);
    const setUp = await account('Test');
    await enrolWithSecret(t.database.db, setUp.id, newTotpSecret());
    const disabled = await account('Trustee');
    await t.caller('Admin').staff.disable({ id: disabled.id });
    await recordLoginAttempt(t.database.db, none.email, '192.0.2.1', true);
    await recordLoginAttempt(t.database.db, none.email, '192.0.2.1', false);

    const { managedAt, accounts } = await t.caller('Admin').staff.list();
    expect(managedAt).toBeNull();
    const byId = new Map(accounts.map((a) => [a.id, a]));
    expect(byId.get(none.id)).toMatchObject({ email: none.email, givenName: 'Sam', familyName: none.familyName, role: 'Finance', twoStep: 'none', disabled: false });
    expect(byId.get(pending.id)).toMatchObject({ role: 'Admin', twoStep: 'pending', lastSignInAt: null });
    expect(byId.get(setUp.id)).toMatchObject({ role: 'Test', twoStep: 'setUp' });
    expect(byId.get(disabled.id)).toMatchObject({ disabled: true });
    // The failed attempt after the success does not count as a sign-in.
    const lastSignIn = Date.parse(byId.get(none.id)!.lastSignInAt!);
    expect(Date.now() - lastSignIn).toBeLessThan(60_000);
    expect(byId.get(none.id)!.firstSignInAt).toBe(byId.get(none.id)!.lastSignInAt);
  });
});

describe('staff.invite', () => {
  it('adds the account with the role given, audited, and refuses the same address again as a conflict', async () => {
    const added = await t.caller('Admin').staff.invite({ email: ' Nia.Jones@Valecare.test ', givenName: 'Nia', familyName: 'Jones', role: 'Coordinator' });
    expect(added).toMatchObject({ email: 'nia.jones@valecare.test', givenName: 'Nia', familyName: 'Jones', role: 'Coordinator', disabled: false });
    expect(await findUserById(t.database.db, added.id)).toMatchObject({ email: 'nia.jones@valecare.test', role: 'Coordinator' });
    expect(await auditRowsFor(added.id)).toEqual([
      {
        actorEmail: 'admin@valecare.test',
        actorRole: 'Admin',
        procedure: 'auth.userInvited',
        changes: { email: 'nia.jones@valecare.test', givenName: 'Nia', familyName: 'Jones', role: 'Coordinator' },
      },
      { actorEmail: 'admin@valecare.test', actorRole: 'Admin', procedure: 'auth.invitationSent', changes: { email: 'nia.jones@valecare.test', by: 'e-mail' } },
    ]);
    // The invitation is queued with the account, in its transaction; its link's token is made only as it is sent.
    const queued = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, 'nia.jones@valecare.test'));
    expect(queued.map((m) => [m.kind, m.subject])).toEqual([['invitation', 'Valecare: your Valecare account']]);
    expect(queued[0]!.text).toContain('/auth/password/[Redacted]');
    expect(added.linkToPassOn).toBeNull();

    const again = { email: 'NIA.JONES@valecare.test', givenName: 'Other', familyName: 'Person', role: 'Finance' } as const;
    expect(await refusal(t.caller('Admin').staff.invite(again))).toEqual({
      code: 'CONFLICT',
      message: 'There is already an account with the e-mail nia.jones@valecare.test',
    });
  });

  it('refuses bad input with 400 and a message naming the field, over HTTP as the web app calls', async () => {
    const token = await t.idToken('Admin');
    const before = await databaseFingerprint(t.database.db);
    const bad = [
      { email: 'not-an-address', givenName: 'A', familyName: 'B', role: 'Coordinator' },
      { email: 'a@b.test', givenName: '', familyName: 'B', role: 'Coordinator' },
      { email: 'a@b.test', givenName: 'A', familyName: 'B', role: 'Boss' },
      { email: 'a@b.test', givenName: 'A', familyName: 'B', role: 'Coordinator', password: 'chosen-by-admin' },
    ];
    const messages = [];
    for (const input of bad) {
      const response = await callOverHttp(t.app, { path: 'staff.invite', type: 'mutation' }, input, token);
      expect(response.statusCode).toBe(400);
      messages.push(errorOf(response)?.message);
    }
    // A staff address is exactly one address: never a list, nor one with a display name.
    for (const email of ['ann@valecare.test,eve@evil.example', 'ann@valecare.test;eve@evil.example', 'Ann <ann@valecare.test>', '"ann"@valecare.test']) {
      const response = await callOverHttp(t.app, { path: 'staff.invite', type: 'mutation' }, { email, givenName: 'A', familyName: 'B', role: 'Coordinator' }, token);
      expect({ email, status: response.statusCode, message: errorOf(response)?.message }).toEqual({ email, status: 400, message: 'email: Enter a valid e-mail address' });
    }
    expect(messages).toEqual([
      'email: Enter a valid e-mail address',
      'givenName: Given name is required',
      'role: Role must be one of Admin, Trustee, Coordinator, Finance, Test',
      expect.stringContaining('password'),
    ]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('changes to an account', () => {
  it('changes the role, disables, enables, resets two-step sign-in, sends a reset link and removes, each audited with who, whom and what', async () => {
    const admin = t.caller('Admin');
    const kim = await account('Coordinator');
    await enrolWithSecret(t.database.db, kim.id, newTotpSecret());

    expect(await admin.staff.setRole({ id: kim.id, role: 'Finance' })).toMatchObject({ role: 'Finance' });
    expect(await admin.staff.disable({ id: kim.id })).toMatchObject({ disabled: true });
    expect(await refusal(admin.staff.sendPasswordReset({ id: kim.id }))).toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringContaining('disabled') });
    expect(await admin.staff.enable({ id: kim.id })).toMatchObject({ disabled: false });
    await admin.staff.resetTwoStep({ id: kim.id });
    expect(await isEnrolled(t.database.db, kim.id)).toBe(false);
    await admin.staff.sendPasswordReset({ id: kim.id });
    await t.caller('Test').staff.remove({ id: kim.id });
    expect(await findUserById(t.database.db, kim.id)).toBeUndefined();

    const by = (role: Role) => ({ actorEmail: `${role.toLowerCase()}@valecare.test`, actorRole: role });
    const whom = { email: kim.email };
    expect(await auditRowsFor(kim.id)).toEqual([
      { ...by('Admin'), procedure: 'auth.roleChanged', changes: { ...whom, role: { from: 'Coordinator', to: 'Finance' } } },
      { ...by('Admin'), procedure: 'auth.userDisabled', changes: whom },
      { ...by('Admin'), procedure: 'auth.userEnabled', changes: whom },
      { ...by('Admin'), procedure: 'auth.mfaReset', changes: whom },
      { ...by('Admin'), procedure: 'auth.passwordResetSent', changes: { ...whom, by: 'e-mail' } },
      { ...by('Test'), procedure: 'auth.userRemoved', changes: { ...whom, role: 'Finance' } },
    ]);
  });

  it('answers NOT_FOUND for an account that does not exist, from every change that names one', async () => {
    const admin = t.caller('Admin');
    const id = 'u-no-such-account';
    const calls = [
      () => admin.staff.setRole({ id, role: 'Finance' }),
      () => admin.staff.disable({ id }),
      () => admin.staff.enable({ id }),
      () => admin.staff.resetTwoStep({ id }),
      () => admin.staff.sendPasswordReset({ id }),
      () => admin.staff.remove({ id }),
    ];
    for (const call of calls) expect(await refusal(call())).toEqual({ code: 'NOT_FOUND', message: 'No such account' });
  });
});

describe('a carer’s account', () => {
  /** A volunteer invited to the carer app: their account, of the Carer role. */
  async function carerAccount(name: string) {
    const carer = newCarer({ name });
    const { id } = await t.caller('Admin').volunteers.create({ ...carer, details: { ...carer.details, email: `${name.replace(' ', '.').toLowerCase()}@carers.example` } });
    await t.caller('Coordinator').carerApp.invite({ carerId: id });
    const [row] = await t.database.db.select().from(users).where(eq(users.carerId, id));
    expect(row).toMatchObject({ role: CARER_ROLE });
    return { carerId: id, id: row!.id, email: row!.email };
  }

  it('is refused in words by every staff procedure that names an account, revoked or not, and nothing changes', async () => {
    const admin = t.caller('Admin');
    const revoked = await carerAccount('Rhys Revoked');
    await t.caller('Coordinator').carerApp.revoke({ carerId: revoked.carerId });
    const active = await carerAccount('Alys Active');

    const before = await databaseFingerprint(t.database.db);
    for (const carer of [revoked, active]) {
      const { id } = carer;
      const calls = {
        enable: () => admin.staff.enable({ id }),
        disable: () => admin.staff.disable({ id }),
        setRole: () => admin.staff.setRole({ id, role: 'Admin' }),
        resetTwoStep: () => admin.staff.resetTwoStep({ id }),
        sendPasswordReset: () => admin.staff.sendPasswordReset({ id }),
        remove: () => admin.staff.remove({ id }),
      };
      for (const [name, call] of Object.entries(calls)) {
        expect({ name, ...(await refusal(call())) }).toEqual({
          name,
          code: 'PRECONDITION_FAILED',
          message: `${carer.email} is a carer's account: invite them to the carer app or end their access from their record`,
        });
      }
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect(await t.caller('Coordinator').carerApp.getStatus({ carerId: revoked.carerId })).toMatchObject({ state: 'ended' });
    // Nor does the Staff screen list them: the carer's record is where their account is seen.
    const listed = (await admin.staff.list()).accounts.map((a) => a.email);
    expect(listed).not.toContain(revoked.email);
    expect(listed).not.toContain(active.email);
  });
});

describe('rules that keep the office able to manage staff', () => {
  it('never disables, demotes or removes the last enabled Admin, and counts only enabled Admins', async () => {
    const office = t.caller('Test');
    // The Admin the callers act as steps aside, leaving Gwen the one enabled Admin.
    const gwen = await account('Admin', { givenName: 'Gwen' });
    const self = (await t.caller('Test').staff.list()).accounts.find((a) => a.email === 'admin@valecare.test')!;
    await office.staff.setRole({ id: self.id, role: 'Coordinator' });
    const otherAdmins = (await office.staff.list()).accounts.filter((a) => a.role === 'Admin' && !a.disabled && a.id !== gwen.id);
    for (const other of otherAdmins) await office.staff.disable({ id: other.id });
    const idle = await account('Admin');
    await office.staff.disable({ id: idle.id });

    const before = await databaseFingerprint(t.database.db);
    const refusedWith = (change: string) => ({
      code: 'PRECONDITION_FAILED',
      message: `${gwen.email} is the last enabled Admin and cannot be ${change}. Make someone else an Admin first.`,
    });
    expect(await refusal(office.staff.disable({ id: gwen.id }))).toEqual(refusedWith('disabled'));
    expect(await refusal(office.staff.setRole({ id: gwen.id, role: 'Trustee' }))).toEqual(refusedWith('given another role'));
    expect(await refusal(office.staff.remove({ id: gwen.id }))).toEqual(refusedWith('removed'));
    expect(await databaseFingerprint(t.database.db)).toEqual(before);

    // Another enabled Admin lifts the rule.
    await office.staff.enable({ id: idle.id });
    await office.staff.setRole({ id: gwen.id, role: 'Trustee' });
    expect(await refusal(office.staff.disable({ id: idle.id }))).toEqual({ ...refusedWith('disabled'), message: refusedWith('disabled').message.replace(gwen.email, idle.email) });

    await office.staff.setRole({ id: self.id, role: 'Admin' });
    for (const other of otherAdmins) await office.staff.enable({ id: other.id });
  });

  it('refuses an Admin removing or disabling their own account', async () => {
    await account('Admin');
    const admin = t.caller('Admin');
    const self = (await admin.staff.list()).accounts.find((a) => a.email === 'admin@valecare.test')!;
    expect(await refusal(admin.staff.remove({ id: self.id }))).toEqual({ code: 'PRECONDITION_FAILED', message: 'You cannot remove your own account' });
    expect(await refusal(admin.staff.disable({ id: self.id }))).toEqual({ code: 'PRECONDITION_FAILED', message: 'You cannot disable your own account' });
    expect(await findUserById(t.database.db, self.id)).toMatchObject({ disabled: false });
  });
});

describe('who may manage staff', () => {
  const staffProcedures = routerProcedures().filter((p) => p.path.startsWith('staff.'));

  it('covers every staff procedure', () => {
    expect(staffProcedures.map((p) => p.path).sort()).toEqual(
      ['staff.disable', 'staff.enable', 'staff.invite', 'staff.list', 'staff.remove', 'staff.resetTwoStep', 'staff.sendPasswordReset', 'staff.setRole'].sort(),
    );
  });

  it.each([['Finance'], ['Coordinator'], ['Trustee']] as const)('%s gets 403 FORBIDDEN from every staff procedure, with valid input, and nothing changes', async (role) => {
    const target = await account('Coordinator');
    const token = await t.idToken(role);
    const before = await databaseFingerprint(t.database.db);
    for (const procedure of staffProcedures) {
      const input =
        procedure.path === 'staff.invite'
          ? { email: `by.${role.toLowerCase()}@valecare.test`, givenName: 'Not', familyName: 'Allowed', role: 'Admin' }
          : procedure.path === 'staff.setRole'
            ? { id: target.id, role: 'Admin' }
            : procedure.input
              ? { id: target.id }
              : undefined;
      const response = await callOverHttp(t.app, procedure, input, token);
      expect({ path: procedure.path, status: response.statusCode, code: errorOf(response)?.data?.code }).toEqual({
        path: procedure.path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('with an external issuer (OIDC_ISSUER)', () => {
  let issuer: Server;
  let issuerUrl: string;
  let external: TestApp;
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    // The smallest issuer the server needs: its discovery document and its keys.
    issuer = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/.well-known/openid-configuration') response.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
      else if (request.url === '/jwks') response.end(JSON.stringify({ keys: [jwk] }));
      else response.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(issuer.address() as { port: number }).port}`;
    external = await createTestApp({ env: { OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: 'valecare-web' } });
    sign = (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuerUrl, aud: 'valecare-web', iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(privateKey);
    };
  });
  afterAll(async () => {
    await external?.close();
    await new Promise((resolve) => issuer?.close(resolve));
  });

  const person = (email: string, group: Role | typeof CARER_ROLE, authTime: number) => ({
    sub: email,
    email,
    given_name: 'Eve',
    family_name: 'Outside',
    'cognito:groups': [group],
    auth_time: authTime,
  });
  const list = (token: string) => callOverHttp(external.app, { path: 'staff.list', type: 'query' }, undefined, token);

  it('lists, read-only, who has signed in through the issuer, with their first and latest sign-in', async () => {
    const firstSignIn = Math.floor(Date.now() / 1000) - 3600;
    const eve = await sign(person('eve@outside.test', 'Coordinator', firstSignIn));
    // Several calls of one sign-in count once.
    for (let i = 0; i < 3; i++) expect((await callOverHttp(external.app, { path: 'session.me', type: 'query' }, undefined, eve)).statusCode).toBe(200);
    const laterSignIn = firstSignIn + 1800;
    expect((await callOverHttp(external.app, { path: 'session.me', type: 'query' }, undefined, await sign(person('eve@outside.test', 'Finance', laterSignIn)))).statusCode).toBe(200);

    // A carer signing in through the issuer is not one of the staff.
    expect((await callOverHttp(external.app, { path: 'session.me', type: 'query' }, undefined, await sign(person('cara@outside.test', CARER_ROLE, firstSignIn)))).statusCode).toBe(200);

    const admin = await sign(person('ada@outside.test', 'Admin', firstSignIn + 60));
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const { managedAt, accounts } = response.json().result.data;
    expect(managedAt).toBe(issuerUrl);
    const eveRow = accounts.find((a: { email: string }) => a.email === 'eve@outside.test');
    expect(eveRow).toMatchObject({ givenName: 'Eve', familyName: 'Outside', role: 'Finance', twoStep: null, disabled: false });
    expect(accounts.map((a: { email: string }) => a.email).sort()).toEqual(['ada@outside.test', 'eve@outside.test']);
    const signIns = await external.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.procedure, 'auth.signIn'), eq(auditLog.actorEmail, 'eve@outside.test')));
    expect(signIns).toHaveLength(2);
    expect([eveRow.firstSignInAt, eveRow.lastSignInAt]).toEqual([new Date(firstSignIn * 1000).toISOString(), new Date(laterSignIn * 1000).toISOString()]);
  });

  it('answers every change with PRECONDITION_FAILED "Accounts are managed at <issuer>"', async () => {
    const admin = await sign(person('ada@outside.test', 'Admin', Math.floor(Date.now() / 1000)));
    // The sign-in itself is recorded at its first call.
    expect((await list(admin)).statusCode).toBe(200);
    const before = await databaseFingerprint(external.database.db);
    const changes = routerProcedures().filter((p) => p.path.startsWith('staff.') && p.type === 'mutation');
    expect(changes.length).toBe(7);
    for (const procedure of changes) {
      const response = await callOverHttp(external.app, procedure, { id: 'u-anyone' }, admin);
      expect({ path: procedure.path, status: response.statusCode, message: errorOf(response)?.message }).toEqual({
        path: procedure.path,
        status: 412,
        message: `Accounts are managed at ${issuerUrl}`,
      });
    }
    expect(await databaseFingerprint(external.database.db)).toEqual(before);
  });
});
