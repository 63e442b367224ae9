import type { Page } from '@playwright/test';
import { LOGIN_MESSAGES } from '@/server/accounts/login-attempts';
import { addUser } from '@/server/accounts/accounts';
import { enterPassword, expect, fillSignInForm, setNewPassword, test } from './fixtures';
import { type MailServer, startMailServer } from './mail-server';

const ANN = { email: 'ann.forgetful@valecare.test', password: 'anns-old-password' };
const BEA = { email: 'bea.forgetful@valecare.test', password: 'beas-old-password' };
const SENT = 'If an account uses that address, we have sent it a link to choose a new password.';

let server: MailServer;

// One server for the file, so its tests share one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(540_000);
  server = await startMailServer(async (db) => {
    for (const [person, givenName] of [[ANN, 'Ann'], [BEA, 'Bea']] as const) {
      await addUser(db, { ...person, givenName, familyName: 'Forgetful', role: 'Coordinator' });
    }
  });
});

test.afterAll(async () => {
  await server?.close();
});

/** From the app's start page, through the sign-in page's link, to asking for a link for the address. */
async function askForLink(page: Page, email: string) {
  await page.goto(`${server.url}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(SENT);
}

const linkArriving = (email: string) => server.linkArriving(email, 'Vale Care: reset your Valecare password');

test('Forgot your password? e-mails a link; the new password signs in and the old one no longer does', async ({ page, browser }) => {
  await askForLink(page, ANN.email);
  const link = await linkArriving(ANN.email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await setNewPassword(page, 'password1234');
  await expect(page.getByRole('alert')).toHaveText('This password is too common: choose another');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await setNewPassword(page, 'anns kettle on the windowsill');
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  // Straight to the sign-in form, not the landing page.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(page, { email: ANN.email, password: 'anns kettle on the windowsill' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const elsewhere = await browser.newPage();
  await enterPassword(elsewhere, ANN, server.url);
  await expect(elsewhere.getByRole('alert')).toHaveText(LOGIN_MESSAGES.wrongCredentials);

  // The link has done its work: it sets nothing more.
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole('heading', { name: 'This link has expired or has already been used' })).toBeVisible();
  await expect(elsewhere.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await elsewhere.close();
});

test('an unknown address gets the same answer and no e-mail', async ({ page }) => {
  await askForLink(page, 'nobody.here@valecare.test');
  const unknownAnswer = await page.locator('main').innerText();
  // A known address asked after it: once its message has arrived, one for the unknown address would have too.
  await askForLink(page, BEA.email);
  expect(await page.locator('main').innerText()).toBe(unknownAnswer);
  await linkArriving(BEA.email);
  expect(server.smtp.received.flatMap((m) => m.to)).not.toContain('nobody.here@valecare.test');
});
