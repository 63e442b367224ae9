import { readFile } from 'node:fs/promises';
import { enterCode, enterPassword, expect, setUpTwoStepSignIn, test } from './fixtures';
import { freshTotpCode, NEWCOMER, wrongTotpCode } from './users';

test('an Admin sets up two-step sign-in from the QR code page, then signs in with a code; a wrong code is refused', async ({ page }) => {
  // First sign-in: the password, then setting up the authenticator app (the key is read from the page).
  await enterPassword(page, NEWCOMER);
  // The key is shown whole, wrapped on a phone, with Copy; the recovery codes with Copy, Download and Print.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 800 });
  const key = page.locator('#totp-secret');
  expect((await key.boundingBox())!.width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByRole('status')).toHaveText('Key copied');
  const copiedKey = await page.evaluate(() => navigator.clipboard.readText());
  const { secret, recoveryCodes } = await setUpTwoStepSignIn(page, NEWCOMER.email, async (codes) => {
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(page.getByRole('status')).toHaveText('Recovery codes copied');
    expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')).toEqual(codes);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('valecare-recovery-codes.txt');
    expect(await readFile((await file.path())!, 'utf8')).toContain(codes.join('\n'));
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(copiedKey).toBe(secret);
  expect(recoveryCodes).toHaveLength(10);
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('user-role')).toHaveText('Role: Admin');

  // Signing out ends the provider's session too: wait for the round trip through its logout page.
  const providerSignedOut = page.waitForResponse((response) => response.url().includes('/auth/session/end/confirm'));
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await providerSignedOut;
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Next sign-in: the password, then the code page. A wrong code is refused and the page stays.
  await enterPassword(page, NEWCOMER);
  await enterCode(page, wrongTotpCode(secret));
  await expect(page.getByRole('alert')).toHaveText(
    'That code was not accepted. Enter the code your app shows now (each code works once), or a recovery code.',
  );
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The app's current code, typed and sent with the keyboard alone.
  await page.getByLabel('Code', { exact: true }).fill(await freshTotpCode(secret, { server: new URL(page.url()).origin, email: NEWCOMER.email }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('user-role')).toHaveText('Role: Admin');
});
