import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/app-router';
import { expect, test, withPageToken } from './fixtures';

test('an Admin changes the digest settings, sends it now and sees the run and the message', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  // Something due, so the digest has a line to send.
  const name = `Remy${Math.random().toString(36).slice(2, 7)} Due`;
  await api.mps.create.mutate({ dateOfBirth: '1970-01-01', dbsExpiry: '2000-01-01', details: { name, address: { postCode: 'TA4 1AA' }, capacity: 'Part Time' } });

  // With no mail server an Admin is told on every screen.
  const banner = page.getByRole('status').filter({ hasText: 'Mail is not set up' });
  await expect(banner).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Reminders' }).click();
  await expect(page.getByRole('heading', { name: 'Reminders', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Digest settings' });
  await form.getByLabel('Windows (days)').fill('0, 30');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Each window must be more than 0 days')).toBeVisible();
  // What was typed is not lost to a stray click on the sidebar.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(form.getByLabel('Windows (days)')).toHaveValue('0, 30');

  await form.getByLabel('Day', { exact: true }).selectOption('Friday');
  await form.getByLabel('Time', { exact: true }).fill('07:45');
  await form.getByLabel('Windows (days)').fill('14, 45');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Day', { exact: true })).toHaveValue('Friday');
  await expect(form.getByLabel('Windows (days)')).toHaveValue('14, 45');

  await page.getByRole('button', { name: 'Send digest now' }).click();
  // Not "sent": with no mail server it waits in the outbox, and the toast and the run say so.
  await expect(page.getByText(/^Digest waiting in the outbox: \d+ messages?; no mail server is set up, so nothing was sent$/)).toBeVisible();
  const runs = page.getByRole('region', { name: 'Last runs' });
  await expect(runs.getByRole('row').nth(1)).toContainText('Sent now');
  await expect(runs.getByRole('row').nth(1)).toContainText('Succeeded');
  await expect(async () => {
    await page.reload();
    await expect(runs.getByRole('row').nth(1)).toContainText(/\d+ in the outbox/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(runs.getByRole('row').nth(1)).not.toContainText(/\d+ sent/);
  const messages = page.getByRole('region', { name: 'Messages' });
  const latest = messages.getByRole('row').filter({ hasText: 'expir' }).first();
  await expect(latest).toBeVisible();

  // With no SMTP_URL the digest sent by hand goes straight on to the outbox, where it is read and can be sent again.
  const resend = latest.getByRole('button', { name: /^Resend to / });
  await expect(async () => {
    await page.reload();
    await expect(resend).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(latest).toContainText('In the outbox, not sent');
  await latest.getByRole('button', { name: /^Read the message to / }).click();
  const reading = page.getByRole('dialog');
  await expect(reading).toContainText(name);
  await expect(reading).toContainText('DBS');
  await page.keyboard.press('Escape');
  await expect(reading).toBeHidden();
  await resend.click();
  await expect(page.getByText(/back in the outbox; no mail server is set up, so nothing was sent$/)).toBeVisible();
  // Queued again, unless the minutely delivery run has already moved it back to the outbox.
  await expect(latest).toContainText(/Waiting to send|In the outbox/);

  // On a phone runs and messages are cards that fit the width, with the same actions.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Send digest now' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Messages' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'expir' }).first().getByRole('button', { name: /^Read the message to / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Last runs' }).getByRole('listitem').first()).toContainText('Weekly digest');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(banner).toBeVisible();
  // A message reads without scrolling sideways, its links wrapped.
  await cards.getByRole('listitem').filter({ hasText: 'expir' }).first().getByRole('button', { name: /^Read the message to / }).click();
  const text = page.getByRole('dialog').locator('pre');
  await expect(text).toContainText('http');
  expect(await text.evaluate((pre) => pre.scrollWidth <= pre.clientWidth && pre.getBoundingClientRect().right <= 390)).toBe(true);
});

test('a Coordinator has no Reminders item and may not send the digest', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Records' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Reminders' })).toHaveCount(0);
  await expect(page.getByText('Mail is not set up')).toHaveCount(0);
  const refusal = await api.reminders.sendDigestNow.mutate().catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(TRPCClientError);
  expect((refusal as TRPCClientError<AppRouter>).data?.httpStatus).toBe(403);
});
