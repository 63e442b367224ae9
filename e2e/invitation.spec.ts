import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { passwordLinks, users } from '@/server/db/schema/auth';
import { expect, fillSignInForm, setNewPassword, signInAs, test } from './fixtures';
import { type MailServer, startMailServer } from './mail-server';
import { addE2eUser, e2eUser } from './users';

const ADMIN = e2eUser('Admin');
const INVITATION = 'Vale Care: your Valecare account';
const UNUSABLE = 'This link has expired or has already been used';

let server: MailServer;

// One server for the file, so its tests share one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(540_000);
  server = await startMailServer((db) => addE2eUser(db, ADMIN));
});

test.afterAll(async () => {
  await server?.close();
});

/** From the Staff screen: Add staff member, filled in and sent (an invitation goes to the address). */
async function addStaffMember(page: Page, person: { email: string; givenName: string; familyName: string; role: string }) {
  await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('E-mail address').fill(person.email);
  await dialog.getByLabel('Given name').fill(person.givenName);
  await dialog.getByLabel('Family name').fill(person.familyName);
  await dialog.getByLabel('Role').selectOption(person.role);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
}

test('an invitation e-mailed from the Staff screen sets a password once; the new Coordinator signs in to the dashboard', async ({ page, browser }) => {
  await signInAs(page, ADMIN, server.url);
  // A mail server is set up: no banner says otherwise.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Staff' })).toBeVisible();
  await expect(page.getByText('Mail is not set up')).toHaveCount(0);
  await addStaffMember(page, { email: 'cora.invited@valecare.test', givenName: 'Cora', familyName: 'Invited', role: 'Coordinator' });
  await expect(page.getByText('Added Cora Invited as Coordinator: invitation sent to cora.invited@valecare.test')).toBeVisible();

  const link = await server.linkArriving('cora.invited@valecare.test', INVITATION);
  const cora = await browser.newPage();
  await cora.goto(link);
  await setNewPassword(cora, 'coras garden gate is green');
  await expect(cora.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  // Straight to the sign-in form, not the landing page.
  await cora.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(cora, { email: 'cora.invited@valecare.test', password: 'coras garden gate is green' });
  await cora.waitForURL('**/dashboard');
  await expect(cora.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Used once, the link shows a clear page and no way to set a password.
  const again = await browser.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: UNUSABLE })).toBeVisible();
  await expect(again.getByLabel('New password', { exact: true })).toHaveCount(0);
  await again.close();
  await cora.close();
});

test('an invitation left unused past its 72 hours shows a clear page and sets nothing', async ({ page }) => {
  // A server of its own, an invitation and its expiry (24 s under .ci/run): three times that and more.
  test.setTimeout(270_000);
  await signInAs(page, ADMIN, server.url);
  await addStaffMember(page, { email: 'dee.late@valecare.test', givenName: 'Dee', familyName: 'Late', role: 'Finance' });
  await expect(page.getByText(/invitation sent to dee\.late@valecare\.test/)).toBeVisible();
  const link = await server.linkArriving('dee.late@valecare.test', INVITATION);

  // Three days pass while the server is down.
  let passwordBefore = '';
  await server.whileStopped(async (db) => {
    await db.execute(sql`update ${passwordLinks} set expires_at = now() - interval '1 minute'`);
    const [dee] = await db.select({ hash: users.passwordHash }).from(users).where(sql`${users.email} = 'dee.late@valecare.test'`);
    passwordBefore = dee!.hash;
  });

  await page.goto(link);
  await expect(page.getByRole('heading', { name: UNUSABLE })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  // Posting a password to it anyway changes nothing.
  const posted = await page.request.post(link, { form: { password: 'dees late but long password', confirm: 'dees late but long password' } });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  await server.whileStopped(async (db) => {
    const [dee] = await db.select({ hash: users.passwordHash }).from(users).where(sql`${users.email} = 'dee.late@valecare.test'`);
    expect(dee!.hash).toBe(passwordBefore);
  });
});
