import { enterCode, enterPassword, expect, setUpTwoStepSignIn, test } from './fixtures';
import { freshTotpCode, NEWCOMER, wrongTotpCode } from './users';

test('an Admin sets up two-step sign-in from the QR code page, then signs in with a code; a wrong code is refused', async ({ page }) => {
  // First sign-in: the password, then setting up the authenticator app (the key is read from the page).
  await enterPassword(page, NEWCOMER);
  const { secret, recoveryCodes } = await setUpTwoStepSignIn(page, NEWCOMER.email);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
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
