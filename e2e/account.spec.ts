import { readFile } from 'node:fs/promises';
import { enterCode, enterPassword, expect, serverOf, signInAs, test } from './fixtures';
import { ACCOUNT_OWNER, freshTotpCode } from './users';

test('a member of staff changes their password, sets up two-step sign-in and signs out everywhere from My account', async ({ page }) => {
  await signInAs(page, ACCOUNT_OWNER);
  await page.getByRole('link', { name: 'Owen Account' }).click();
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password-at-all');
  await form.getByLabel('New password', { exact: true }).fill('owen-picks-a-longer-one');
  await form.getByLabel('Confirm new password').fill('owen-picks-a-longer-one');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await form.getByLabel('Current password').fill(ACCOUNT_OWNER.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // Setting up two-step sign-in asks for the password first: an open session alone cannot change it.
  const start = page.getByRole('form', { name: 'Start two-step sign-in' });
  await start.getByLabel('Your password').fill(ACCOUNT_OWNER.password);
  await start.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  // The change of password's refusal may still be on screen beside this one.
  await expect(page.getByText('Your current password is not right.').last()).toBeVisible();
  await start.getByLabel('Your password').fill('owen-picks-a-longer-one');
  await start.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Valecare to an authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('set-up-key').textContent()) ?? '').replace(/\s/g, '');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const setUp = page.getByRole('form', { name: 'Set up two-step sign-in' });
  await setUp.getByLabel('Code from the app').fill(await freshTotpCode(secret, { server: serverOf(page), email: ACCOUNT_OWNER.email }));
  await setUp.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText('Recovery codes copied')).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')).toEqual(codes);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect(await readFile((await (await download).path())!, 'utf8')).toContain(codes.join('\n'));
  // Printing puts the codes on paper and nothing else of the screen.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change password' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  // The old password no longer signs in; the new one does, with a code from the app.
  await enterPassword(page, ACCOUNT_OWNER);
  await expect(page.getByText('That e-mail address and password do not match an account.')).toBeVisible();
  await enterPassword(page, { email: ACCOUNT_OWNER.email, password: 'owen-picks-a-longer-one' });
  await enterCode(page, await freshTotpCode(secret, { server: serverOf(page), email: ACCOUNT_OWNER.email }));
  await page.waitForURL('**/dashboard');
});
