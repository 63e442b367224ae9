import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { addDays, todayIn } from '@/shared/dates';
import { newCarer } from '@/server/test/builders';
import { violationsNow } from './axe';
import { expect, fillSignInForm, setNewPassword, signInAs, test, withPageToken } from './fixtures';
import { openPhone, phonePage } from './phone';
import type { RunningServer } from './server';
import { startSeededServer } from './seeded-server';
import { addE2eUser, e2eUser } from './users';

/**
 * Letting carers ask the wellbeing questions puts every carer's clients due on their phones, beside the visits other
 * tests look for there: so this file starts its own server.
 */
const PORT = Number(process.env.E2E_WELLBEING_PORT ?? 3243);
const ADMIN = e2eUser('Admin');
const PASSWORD = 'ruth walks the valley lanes';

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(360_000);
  server = await startSeededServer(PORT, (db) => addE2eUser(db, ADMIN));
});

test.afterAll(async () => {
  await server?.stop();
});

async function answer(form: Locator, question: RegExp, choice: string) {
  await form.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

test('where the charity allows it, a carer asks a client’s wellbeing on a phone with no signal, and it reaches the office once', async ({ page }) => {
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  await api.wellbeing.updateSettings.mutate({ reviewWeeks: 12, carersMayAsk: true });
  const base = newCarer({ name: 'Ruth Asker' });
  const carer = await api.volunteers.create.mutate({ ...base, details: { ...base.details, email: 'ruth@carers.example' } });
  const client = await api.clients.create.mutate({ dateOfBirth: '1938-05-01', details: { name: 'Hilda Marsh', address: { postCode: 'TA4 9ZY' } } });
  const startDate = addDays(todayIn(), -7);
  const request = await api.requests.create.mutate({ clientId: client.id, startDate, details: { weeklyHours: 3 } });
  await api.packages.create.mutate({ carerId: carer.id, requestId: request.id, startDate, details: { weeklyHours: 3, address: { postCode: 'TA4 2AB' } } });
  const { linkToPassOn } = await api.carerApp.invite.mutate({ carerId: carer.id });

  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    let phone = await openPhone(profile, { baseURL: server.url });
    let app = phonePage(phone);
    await app.goto(linkToPassOn!);
    await setNewPassword(app, PASSWORD);
    await app.getByRole('link', { name: 'Go to sign in' }).click();
    await fillSignInForm(app, { email: 'ruth@carers.example', password: PASSWORD });
    await app.waitForURL('**/carer/');
    const due = app.getByRole('region', { name: 'Wellbeing to ask' });
    await expect(due.getByRole('listitem').filter({ hasText: 'Hilda Marsh' })).toContainText('First asking, overdue since');
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // No signal: the questions are asked and the answers saved on the phone.
    await phone.setOffline(true);
    await app.reload();
    await due.getByRole('button', { name: 'Ask Hilda Marsh the wellbeing questions' }).click();
    const form = app.getByRole('form', { name: 'Wellbeing questions for Hilda Marsh' });
    await answer(form, /satisfied are you with your life/, '4');
    await answer(form, /things you do in your life are worthwhile/, '6');
    await answer(form, /happy did you feel/, '5');
    // The phone dies mid-asking: opened again, what was answered is still there.
    await phone.close();
    phone = await openPhone(profile, { offline: true, baseURL: server.url });
    app = phonePage(phone);
    await app.goto('/carer/');
    const reopened = app.getByRole('form', { name: 'Wellbeing questions for Hilda Marsh' });
    await expect(reopened.getByRole('group', { name: /satisfied are you with your life/ }).getByRole('radio', { name: '4', exact: true })).toBeChecked();
    await reopened.getByRole('button', { name: 'Save on this phone' }).click();
    await expect(reopened.getByText('Anxiety: give an answer, or mark it declined')).toBeVisible();
    await answer(reopened, /anxious did you feel/, 'Declined');
    await answer(reopened, /How often do you feel lonely/, 'Some of the time');
    await reopened.getByLabel(/What matters most to them/).fill('Getting to chapel on Sundays');
    expect(await violationsNow(app, 'the wellbeing questions on the phone')).toEqual([]);
    await app.screenshot({ path: test.info().outputPath('wellbeing-phone-form-390.png'), fullPage: true });
    await reopened.getByRole('button', { name: 'Save on this phone' }).click();
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    const waiting = app.getByRole('region', { name: 'Wellbeing to ask' }).getByRole('listitem').filter({ hasText: 'Hilda Marsh' });
    await expect(waiting).toContainText('Waiting to send');
    await app.screenshot({ path: test.info().outputPath('wellbeing-phone-waiting-390.png'), fullPage: true });

    // Switched off and on again, still no signal: the answers wait.
    await phone.close();
    phone = await openPhone(profile, { offline: true, baseURL: server.url });
    app = phonePage(phone);
    await app.goto('/carer/');
    await expect(app.getByText('1 waiting to send')).toBeVisible();

    // Signal: they go, once, and leave the phone; Hilda is no longer due.
    await phone.setOffline(false);
    await expect(app.getByText('All sent')).toBeVisible({ timeout: 20_000 });
    await expect(app.getByRole('region', { name: 'Wellbeing to ask' })).toHaveCount(0);
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // The office has the one asking, from Ruth's phone, its declined answer declined.
  const held = await api.wellbeing.list.query({ clientId: client.id });
  expect(held).toEqual([
    expect.objectContaining({ lifeSatisfaction: 4, worthwhile: 6, happy: 5, anxious: null, lonely: 'someOfTheTime', declined: ['anxious'], mattersMost: 'Getting to chapel on Sundays', askedBy: 'Ruth Asker' }),
  ]);
  await page.goto(`${server.url}/clients?view=${client.id}`);
  const view = page.getByRole('dialog', { name: 'Hilda Marsh' });
  await view.getByRole('tab', { name: 'Wellbeing' }).click();
  await expect(view.getByText('Asked by Ruth Asker on their phone')).toBeVisible();
});
