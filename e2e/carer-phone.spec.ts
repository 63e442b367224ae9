import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { addDays, formatDate, formatShortDay, timeIn, todayIn } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { weekdayOf } from '@/shared/planned-visits';
import { newCarer } from '@/server/test/builders';
import { type Api, expect, fillSignInForm, screenshotsOf, setNewPassword, test, withPageToken } from './fixtures';
import { violationsNow } from './axe';
import { openPhone, phonePage } from './phone';
import { e2eUser } from './users';

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;
const LONG_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * A one-hour visit that ended twenty minutes ago on the office's clock, so the server takes it whenever the test
 * runs: today's, or in the hour after midnight, yesterday morning's.
 */
function aPastHour(): { date: string; start: string; end: string } {
  const [hours, minutes] = timeIn().split(':').map(Number) as [number, number];
  const now = hours * 60 + minutes;
  return now >= 80 ? { date: todayIn(), start: hhmm(now - 80), end: hhmm(now - 20) } : { date: addDays(todayIn(), -1), start: '09:30', end: '10:30' };
}

/** Where a visit's day is on the office's timesheet: its week, and the cell named for the carer, client and day. */
async function timesheetDay(page: Page, { carerName, clientName }: { carerName: string; clientName: string }, date: string) {
  await page.goto(`/deliveries?week=${weekStartOf(date)}`);
  await page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(clientName);
  const dayLabel = LONG_DAY.format(new Date(`${date}T00:00:00Z`));
  return page.getByLabel(new RegExp(`^${carerName} for ${clientName}.*, ${dayLabel}$`));
}

/** The office's side: a volunteer with an e-mail address, caring for a client for a week now, invited to the app. */
async function invitedCarer(api: Api) {
  const carerName = unique('Petra Lane');
  const email = `${carerName.split(' ').at(-1)}@carers.example`;
  const clientName = unique('Walter Fenn');
  const base = newCarer({ name: carerName });
  const carer = await api.volunteers.create.mutate({ ...base, details: { ...base.details, email } });
  const client = await api.clients.create.mutate({ dateOfBirth: '1936-02-11', details: { name: clientName, address: { postCode: 'TA4 9ZY' } } });
  const today = todayIn();
  const startDate = addDays(today, -7);
  const request = await api.requests.create.mutate({ clientId: client.id, startDate, details: { weeklyHours: 3 } });
  await api.packages.create.mutate({
    carerId: carer.id,
    requestId: request.id,
    startDate,
    details: { weeklyHours: 3, notes: 'Key safe by the back door', address: { streetAddress: '2 Mill Lane', locality: 'Wiveliscombe', postCode: 'TA4 2AB' } },
  });
  const { linkToPassOn } = await api.carerApp.invite.mutate({ carerId: carer.id });
  return { carerId: carer.id, carerName, email, clientId: client.id, clientName, link: linkToPassOn!, today, startDate };
}

const PASSWORD = 'petra walks the valley lanes';

/** On a client's card: Record a visit, its date and times (and note, when given) typed in, not saved yet. */
async function fillVisitForm(card: Locator, visit: { date: string; start: string; end: string; note?: string }) {
  await card.getByRole('button', { name: 'Record a visit' }).click();
  await card.getByLabel('Date').fill(visit.date);
  await card.getByLabel('Start').fill(visit.start);
  await card.getByLabel('End').fill(visit.end);
  if (visit.note !== undefined) await card.getByLabel('Note (optional)').fill(visit.note);
}

/** On the phone: the password set from the invitation, then signed in; the app opens at /carer/ with the client's card. */
async function setPasswordAndSignIn(app: Page, carer: Awaited<ReturnType<typeof invitedCarer>>) {
  await app.goto(carer.link);
  await setNewPassword(app, PASSWORD);
  await app.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(app, { email: carer.email, password: PASSWORD });
  await app.waitForURL('**/carer/');
  await expect(app.getByRole('article', { name: carer.clientName })).toBeVisible();
}

/** A phone on the profile, its password set from the carer's invitation and signed in. */
async function signedInPhone(profile: string, carer: Awaited<ReturnType<typeof invitedCarer>>) {
  const phone = await openPhone(profile);
  const app = phonePage(phone);
  await setPasswordAndSignIn(app, carer);
  return { phone, app };
}

/** Changes the sign-in the carer app keeps on the phone (its tokens, in localStorage), as time or the server would. */
async function changeStoredSignIn(app: Page, change: 'expired' | 'lapsed') {
  await app.evaluate((how) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('valecare.carer.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!);
    // Expired: its ID token's time is up, as after hours without signal. Lapsed: its refresh token is no longer good.
    user.expires_at = 1;
    user.profile.exp = 1;
    if (how === 'lapsed') user.refresh_token = 'a refresh token the provider no longer knows';
    localStorage.setItem(key, JSON.stringify(user));
  }, change);
}

test('a carer invited by the office records a visit on a phone with no signal, and it reaches the office once', async ({ page, signIn }) => {
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const { clientName } = carer;
  const visitTime = aPastHour();

  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    let { phone, app } = await signedInPhone(profile, carer);
    const card = app.getByRole('article', { name: clientName });
    await expect(card).toContainText('2 Mill Lane, Wiveliscombe, TA4 2AB');
    await expect(card).toContainText('Key safe by the back door');
    await expect(app.getByText('All sent')).toBeVisible();
    // The app is kept on the phone before the signal goes.
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // No signal: the app still opens after a reload, and a visit is saved on the phone.
    await phone.setOffline(true);
    await app.reload();
    await card.getByRole('button', { name: 'Record a visit' }).click();
    await expect(card.getByLabel('Date')).toHaveValue(carer.today);
    await card.getByLabel('Date').fill(visitTime.date);
    await card.getByLabel('Start').fill(visitTime.start);
    await card.getByLabel('End').fill(visitTime.end);
    await card.getByLabel('Note (optional)').fill('Made lunch, all well');
    // The phone dies mid-form: opened again, what was typed is still there.
    await phone.close();
    phone = await openPhone(profile, { offline: true });
    app = phonePage(phone);
    await app.goto('/carer/');
    await app.evaluate(() => {
      const asked: string[] = ((window as unknown as { syncTags: string[] }).syncTags = []);
      const manager = (window as unknown as { SyncManager: { prototype: { register(tag: string): Promise<void> } } }).SyncManager.prototype;
      const register = manager.register;
      manager.register = function (this: unknown, tag: string) {
        asked.push(tag);
        return register.call(this, tag);
      };
    });
    const reopened = app.getByRole('article', { name: clientName });
    await expect(reopened.getByLabel('Note (optional)')).toHaveValue('Made lunch, all well');
    await expect(reopened.getByLabel('End')).toHaveValue(visitTime.end);
    await reopened.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    // Background Sync is asked for, to wake the app's worker when signal returns (the browser may fire it at once,
    // as emulated offline is not its own idea of the network, so the request itself is what is checked).
    await expect.poll(() => app.evaluate(() => (window as unknown as { syncTags: string[] }).syncTags)).toContain('valecare-send-visits');
    const visit = app.getByRole('listitem').filter({ hasText: clientName });
    await expect(visit).toContainText(`${formatDate(visitTime.date)}, ${visitTime.start} to ${visitTime.end}`);
    await expect(visit).toContainText('Waiting to send');
    await app.screenshot({ path: test.info().outputPath('carer-phone-waiting.png'), fullPage: true });

    // The phone is switched off and on again, still with no signal: the visit is still there.
    await phone.close();
    phone = await openPhone(profile, { offline: true });
    app = phonePage(phone);
    await app.goto('/carer/');
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    await expect(app.getByRole('listitem').filter({ hasText: clientName })).toContainText('Waiting to send');

    // Days later the sign-in has lapsed: when signal returns the carer is asked to sign in again, and the visit waits.
    // The app is opened afresh after the change, as days later it would be: a round of sending begun before it would
    // still hold the sign-in that had not lapsed, and could send the visit with it once signal returned.
    await changeStoredSignIn(app, 'lapsed');
    await app.reload();
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    await phone.setOffline(false);
    const alert = app.getByRole('alert');
    await expect(alert).toContainText('Your sign-in has ended. Sign in again to send your visits');
    await expect(alert).toContainText('1 waiting to send');
    await alert.getByRole('button', { name: 'Sign in again' }).click();
    // The address of the sign-in that lapsed is filled in.
    await expect(app.getByLabel('E-mail address')).toHaveValue(carer.email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Signed in again, the visit goes by itself.
    await expect(app.getByText('All sent')).toBeVisible({ timeout: 20_000 });
    await expect(app.getByRole('listitem').filter({ hasText: clientName })).toContainText('Sent');
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // The office's timesheet shows the hour, once, with the carer's note.
  const day = await timesheetDay(page, carer, visitTime.date);
  await expect(day).toHaveValue('1');
  await expect(day).toHaveAccessibleDescription(`By the carer: ${visitTime.start}–${visitTime.end} Note: Made lunch, all well`);
});

test('a phone whose carer’s access the office ended is told so, and keeps nothing', async ({ page, signIn }) => {
  // A phone's whole story, offline and back, with the office between (25 s under .ci/run): three times that and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/London' });
  try {
    const app = await phone.newPage();
    await setPasswordAndSignIn(app, carer);
    await expect(app.getByText('All sent')).toBeVisible();

    // A visit taken live: started, then finished, its times from the phone's clock and editable before saving.
    const card = app.getByRole('article', { name: carer.clientName });
    await card.getByRole('button', { name: 'Start visit' }).click();
    await expect(card.getByText(/^Visit started at \d\d:\d\d today$/)).toBeVisible();
    // Closing the app mid-visit loses nothing.
    await app.reload();
    await expect(card.getByText(/^Visit started at \d\d:\d\d today$/)).toBeVisible();
    await card.getByRole('button', { name: 'Finish visit' }).click();
    await expect(card.getByLabel('Start')).toHaveValue(/^\d\d:\d\d$/);
    await expect(card.getByLabel('End')).toHaveValue(/^\d\d:\d\d$/);
    const visitTime = aPastHour();
    await card.getByLabel('Date').fill(visitTime.date);
    await card.getByLabel('Start').fill(visitTime.start);
    await card.getByLabel('End').fill(visitTime.end);
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByText('All sent')).toBeVisible();
    await expect(app.getByRole('listitem').filter({ hasText: `${visitTime.start} to ${visitTime.end}` })).toContainText('Sent');

    // Hours later the ID token has expired: the app renews it (by its refresh token) before it calls the server.
    await changeStoredSignIn(app, 'expired');
    const renewal = app.waitForRequest((request) => request.url().endsWith('/auth/token') && request.method() === 'POST');
    await app.reload();
    await renewal;
    await expect(app.getByText('All sent')).toBeVisible();
    await expect(app.getByRole('alert')).toHaveCount(0);

    await card.getByRole('button', { name: 'Record a visit' }).click();
    expect(await violationsNow(app, 'the carer app with a visit being recorded')).toEqual([]);
    // A visit before the care began: kept for the office, which turns it down on Timesheets; the carer reads why.
    await card.getByLabel('Date').fill(addDays(carer.startDate, -1));
    await card.getByLabel('Start').fill('09:00');
    await card.getByLabel('End').fill('09:45');
    await card.getByRole('button', { name: 'Save visit' }).click();
    const withOffice = app.getByRole('listitem').filter({ hasText: 'With the office' });
    await expect(withOffice).toContainText(`Your visits to this client start on ${formatDate(carer.startDate)}: this one is before`);
    await expect(withOffice).toContainText('The office will record it or tell you why not.');
    await expect(withOffice).toContainText(carer.clientName);
    await expect(app.getByText('1 with the office')).toBeVisible();
    // Sent, but not "All sent" while the office has yet to act on it.
    await expect(app.getByText('Nothing waiting to send')).toBeVisible();
    await expect(app.getByText('All sent')).toHaveCount(0);

    await page.goto('/deliveries');
    const waiting = page.getByRole('region', { name: 'Visits to resolve' }).getByRole('listitem', { name: new RegExp(carer.carerName) });
    await expect(waiting).toContainText(`Why it waits: Your visits to this client start on ${formatDate(carer.startDate)}`);
    await waiting.getByRole('button', { name: 'Turn down' }).click();
    await expect(waiting.getByText('Say why: the carer reads it, and the audit trail keeps it')).toBeVisible();
    await waiting.getByLabel(/^Reason/).fill('Care began the next day: that morning was the assessment');
    await waiting.getByRole('button', { name: 'Turn down' }).click();
    await expect(waiting).toHaveCount(0);
    await app.reload();
    const turnedDown = app.getByRole('listitem').filter({ hasText: 'Turned down by the office' });
    await expect(turnedDown).toContainText('Care began the next day: that morning was the assessment');

    // The carer's other phone sends a visit this one has not heard of; this phone's visit over it is refused by the
    // office for the carer to put right, and removed from the phone when they say so.
    const earlier = addDays(carer.today, -3);
    const otherPhone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/London' });
    try {
      const other = await otherPhone.newPage();
      await other.goto('/carer/');
      await other.getByRole('button', { name: 'Sign in' }).click();
      await other.getByLabel('E-mail address').fill(carer.email);
      await other.getByLabel('Password').fill(PASSWORD);
      await other.getByRole('button', { name: 'Sign in', exact: true }).click();
      const otherCard = other.getByRole('article', { name: carer.clientName });
      await fillVisitForm(otherCard, { date: earlier, start: '09:00', end: '10:00' });
      await otherCard.getByRole('button', { name: 'Save visit' }).click();
      await expect(other.getByRole('listitem').filter({ hasText: '09:00 to 10:00' })).toContainText('Sent');
    } finally {
      await otherPhone.close();
    }
    await fillVisitForm(card, { date: earlier, start: '09:30', end: '10:30' });
    await card.getByRole('button', { name: 'Save visit' }).click();
    const refused = app.getByRole('listitem').filter({ hasText: 'Not sent: put it right' });
    await expect(refused).toContainText(`It overlaps your visit of 09:00 to 10:00 on ${formatDate(earlier)}`);
    await expect(app.getByText('1 to put right')).toBeVisible();
    app.once('dialog', (dialog) => void dialog.accept());
    await refused.getByRole('button', { name: `Remove from this phone: ${carer.clientName}, ${formatDate(earlier)}, 09:30 to 10:30` }).click();
    await expect(refused).toHaveCount(0);
    await expect(app.getByText('All sent')).toBeVisible();

    await api.carerApp.revoke.mutate({ carerId: carer.carerId });
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Your access has ended' })).toBeVisible();
    expect(await violationsNow(app, 'the carer app once access ended')).toEqual([]);
    await expect(app.getByText(carer.clientName)).toHaveCount(0);
    // Nothing of the carer's clients or visits, nor their sign-in, is left on the phone.
    expect(await app.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('valecare-carer');
    expect(await app.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('valecare.carer.oidc') || key.includes('user:')))).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('carers land on the carer app from the office’s address, without a second sign-in; staff who open it are sent to the office', async ({ page, signIn, browser }) => {
  // Three browsers' sign-ins and their addresses (34 s on one core): three times the two cores' time and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London' });
  try {
    const app = await phone.newPage();
    await setPasswordAndSignIn(app, carer);
    // Signed out with signal: nothing of the clients or visits, nor the sign-in, is left on the phone or the provider.
    app.once('dialog', (dialog) => void dialog.accept());
    await app.getByRole('button', { name: 'Sign out' }).click();
    await expect(app.getByRole('heading', { name: 'Record your visits' })).toBeVisible();
    expect(await app.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('valecare-carer');
    expect(await app.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('user:')))).toEqual([]);
    expect((await phone.cookies()).map((cookie) => cookie.name)).not.toContain('_session');
    // The carer signs in at the office's address: they land in their own app.
    await app.goto('/');
    await app.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await app.getByLabel('E-mail address').fill(carer.email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();
    await app.waitForURL('**/carer/');
    await expect(app.getByRole('article', { name: carer.clientName })).toBeVisible();
    // Any office address sends them back.
    await app.goto('/clients');
    await app.waitForURL('**/carer/');
    await expect(app.getByRole('heading', { name: 'Your clients' })).toBeVisible();
  } finally {
    await phone.close();
  }

  const office = await browser.newContext();
  try {
    const staff = await office.newPage();
    await staff.goto('/carer/');
    expect(await violationsNow(staff, 'the carer app signed out')).toEqual([]);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    const coordinator = e2eUser('Coordinator');
    await staff.getByLabel('E-mail address').fill(coordinator.email);
    await staff.getByLabel('Password').fill(coordinator.password);
    await staff.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'This app is for carers' })).toBeVisible();
    // Refused before any sign-in was made: the browser keeps none, and the office's app asks for the password.
    expect((await office.cookies()).map((cookie) => cookie.name)).not.toContain('_session');
    await staff.getByRole('link', { name: 'Go to Valecare' }).click();
    await expect(staff).toHaveURL(/\/$/);
    await expect(staff.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  } finally {
    await office.close();
  }
});

test('a night visit is recorded across midnight, and a note the office needs to know reaches the Dashboard, the timesheet and the client', async ({ page, signIn }) => {
  // A phone's visits and the office's three screens (about 20 s here): three times that and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const night = addDays(carer.today, -3);
  const longNight = addDays(carer.today, -5);
  const fall = 'Night call – fall, no injury, daughter informed';
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/London' });
  try {
    const app = await phone.newPage();
    await setPasswordAndSignIn(app, carer);
    const card = app.getByRole('article', { name: carer.clientName });

    // 22:00 to 07:00: the end is the next morning, said on the form.
    await fillVisitForm(card, { date: night, start: '22:00', end: '07:00' });
    await expect(card.getByText(`9 h: ends ${formatShortDay(addDays(night, 1))}, 07:00`)).toBeVisible();
    await card.getByLabel('Note (optional)').fill(fall);
    await card.getByLabel('The office needs to know').check();
    await app.screenshot({ path: test.info().outputPath('carer-phone-night-visit-390.png'), fullPage: true });
    expect(await violationsNow(app, 'the carer app recording a night visit')).toEqual([]);
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByText('All sent')).toBeVisible();
    const sent = app.getByRole('listitem').filter({ hasText: '22:00 to 07:00' });
    await expect(sent).toContainText('Sent');
    await expect(sent).toContainText('For the office to know');

    // Past 12 hours the carer is asked: no, and nothing is saved; yes, and it is.
    await fillVisitForm(card, { date: longNight, start: '20:00', end: '09:00' });
    const asked: string[] = [];
    app.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect.poll(() => asked).toEqual([`This visit lasts 13 h, ending ${formatShortDay(addDays(longNight, 1))}, 09:00. Save it?`]);
    await expect(card.getByRole('button', { name: 'Save visit' })).toBeVisible();
    app.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByRole('listitem').filter({ hasText: '20:00 to 09:00' })).toContainText('Sent');
  } finally {
    await phone.close();
  }

  // The office: "From carers" on the Dashboard until marked seen.
  await page.goto('/');
  const heard = page.getByRole('region', { name: 'From carers' });
  const item = heard.getByRole('listitem').filter({ hasText: carer.carerName });
  await expect(item).toContainText(fall);
  await expect(item).toContainText(`${carer.carerName} at ${carer.clientName}’s · ${formatShortDay(night)}, 22:00–07:00`);
  await screenshotsOf(page, 'dashboard-from-carers');
  expect(await violationsNow(page, 'the Dashboard with a note from a carer')).toEqual([]);
  await item.getByRole('button', { name: /^Mark seen: / }).click();
  await expect(item).toHaveCount(0);

  // The timesheet: 2 hours on the night's day and 7 on the morning after, each with the note.
  const evening = await timesheetDay(page, carer, night);
  await expect(evening).toHaveValue('2');
  await expect(evening).toHaveAccessibleDescription(`By the carer: 22:00–07:00 overnight Note: For the office: ${fall}`);
  const morning = await timesheetDay(page, carer, addDays(night, 1));
  await expect(morning).toHaveValue('7');

  // The client's record lists the visit with its note, and who saw it.
  await page.goto(`/clients?view=${carer.clientId}`);
  const view = page.getByRole('dialog', { name: carer.clientName });
  await view.getByRole('tab', { name: 'Logs' }).click();
  const visits = view.getByRole('region', { name: 'Visits' });
  await expect(visits.getByRole('listitem').filter({ hasText: '22:00–07:00 (overnight)' })).toContainText(fall);
  await expect(visits.getByRole('listitem').filter({ hasText: '22:00–07:00 (overnight)' })).toContainText('seen by coordinator');
  await screenshotsOf(page, 'client-visits');
  expect(await violationsNow(page, 'a client’s visits')).toEqual([]);
  // And the carer's record, each visit with its client.
  await page.goto(`/volunteers?view=${carer.carerId}`);
  const carerView = page.getByRole('dialog', { name: carer.carerName });
  await carerView.getByRole('tab', { name: 'Visits' }).click();
  await expect(carerView.getByRole('listitem').filter({ hasText: '22:00–07:00 (overnight)' })).toContainText(carer.clientName);
  await expect(carerView.getByRole('listitem').filter({ hasText: '20:00–09:00 (overnight)' })).toBeVisible();
});

test('visits waiting on a phone when the office ends access reach Visits to resolve with their notes, and once accepted, the timesheet', async ({ page, signIn }) => {
  // A phone's visits offline, the office between, and back (about 25 s here): three times that and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const first = { date: addDays(carer.today, -2), start: '09:00', end: '10:00', note: 'Fell in the hall, no injury, daughter told' };
  const second = { date: addDays(carer.today, -1), start: '14:00', end: '15:00', note: 'Shopping done, fridge stocked' };
  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    const { phone, app } = await signedInPhone(profile, carer);
    await expect(app.getByText('All sent')).toBeVisible();
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Two visits with no signal: they wait on the phone.
    await phone.setOffline(true);
    const card = app.getByRole('article', { name: carer.clientName });
    for (const visit of [first, second]) {
      await fillVisitForm(card, visit);
      if (visit === first) await card.getByLabel('The office needs to know').check();
      await card.getByRole('button', { name: 'Save visit' }).click();
    }
    await expect(app.getByText('2 waiting to send')).toBeVisible();

    // The office ends the carer's access; signal returns: both go to the office, and only then is the phone wiped.
    await api.carerApp.revoke.mutate({ carerId: carer.carerId });
    await phone.setOffline(false);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Your access has ended' })).toBeVisible({ timeout: 20_000 });
    await expect(app.getByText('The 2 visits you recorded went to the office, which will record them or say why not.')).toBeVisible();
    await expect(app.getByText(carer.clientName)).toHaveCount(0);
    expect(await app.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('valecare-carer');
    await app.screenshot({ path: test.info().outputPath('carer-phone-access-ended-390.png'), fullPage: true });
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // Visits to resolve on Timesheets has both, with their notes; the office accepts them.
  await page.goto('/');
  // Other tests' phones may have sent visits too: the count is at least these two.
  await expect(page.getByText(/^\d+ visits to resolve$/)).toBeVisible();
  await page.getByRole('link', { name: 'Resolve them on Timesheets' }).click();
  const region = page.getByRole('region', { name: 'Visits to resolve' });
  await expect(region.getByRole('heading', { name: 'Visits to resolve' })).toBeFocused();
  await screenshotsOf(page, 'timesheets-visits-to-resolve');
  expect(await violationsNow(page, 'Timesheets with visits to resolve')).toEqual([]);
  for (const visit of [first, second]) {
    const waiting = region.getByRole('listitem', { name: new RegExp(`^${carer.carerName} at .*${formatDate(visit.date)}, ${visit.start}`) });
    await expect(waiting).toContainText('Why it waits: Sent after your access to the carer app ended');
    await expect(waiting).toContainText(visit.note);
    await waiting.getByLabel(/^Reason/).fill('Given before access ended');
    await waiting.getByRole('button', { name: 'Record it after all' }).click();
    await expect(waiting).toHaveCount(0);
  }
  const day = await timesheetDay(page, carer, first.date);
  await expect(day).toHaveValue('1');
  await expect(day).toHaveAccessibleDescription(`By the carer: 09:00–10:00 Note: For the office: ${first.note}`);
});

test('"Couldn’t visit" saved with no signal reaches the office once: the Dashboard, and the timesheet’s day as missed; the office’s figure gives way to the carer’s', async ({ page, signIn }) => {
  // A phone offline and online, and the office's two screens (about 20 s here): three times that and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const visitTime = { date: addDays(carer.today, -2), start: '09:00', end: '12:00' };
  const missedDay = addDays(carer.today, -1);
  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    const { phone, app } = await signedInPhone(profile, carer);
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const card = app.getByRole('article', { name: carer.clientName });
    await fillVisitForm(card, visitTime);
    await card.getByRole('button', { name: 'Save visit' }).click();
    // The visit itself sent, not "All sent" as the line read before the save had landed on the phone.
    await expect(app.getByRole('listitem').filter({ hasText: `${visitTime.start} to ${visitTime.end}` })).toContainText('Sent');
    await expect(app.getByText('All sent')).toBeVisible();

    // A visit under way: saying another did not happen leaves it running.
    await card.getByRole('button', { name: 'Start visit' }).click();
    await expect(card.getByText(/^Visit started at \d\d:\d\d today$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Finish visit' })).toBeVisible();

    // No signal at the door: "Couldn't visit", with why and a note, saved on the phone.
    await phone.setOffline(true);
    await app.reload();
    await card.getByRole('button', { name: 'Couldn’t visit' }).click();
    const form = card.getByRole('form', { name: `Couldn’t visit ${carer.clientName}` });
    await form.getByLabel('Date').fill(missedDay);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Choose why you could not visit')).toBeVisible();
    await form.getByRole('radio', { name: 'No answer at the door' }).check();
    await form.getByLabel('Note (optional)').fill('Curtains shut, rang the daughter: no answer');
    await screenshotsOf(app, 'carer-phone-could-not-visit');
    await app.setViewportSize({ width: 390, height: 844 });
    expect(await violationsNow(app, 'the carer app’s Couldn’t visit form')).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    const item = app.getByRole('listitem').filter({ hasText: 'couldn’t visit: No answer at the door' });
    await expect(item).toContainText(`${formatDate(missedDay)}, couldn’t visit: No answer at the door`);
    await expect(item).toContainText('Waiting to send');
    // The live visit is still running: saying one did not happen does not end it.
    await expect(card.getByRole('button', { name: 'Finish visit' })).toBeVisible();

    await phone.setOffline(false);
    await expect(app.getByText('All sent')).toBeVisible({ timeout: 20_000 });
    await expect(item).toContainText('Sent');
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // The office: "From carers" on the Dashboard, with why and the note, until marked seen.
  await page.goto('/');
  const heard = page.getByRole('region', { name: 'From carers' }).getByRole('listitem').filter({ hasText: carer.carerName });
  await expect(heard).toContainText(`${carer.carerName} at ${carer.clientName}’s · ${formatShortDay(missedDay)}, Couldn’t visit: no answer at the door`);
  await expect(heard).toContainText('Curtains shut, rang the daughter: no answer');
  await heard.getByRole('button', { name: /^Mark seen: / }).click();
  await expect(heard).toHaveCount(0);

  // The timesheet: the day is a missed visit, for the carer's reason, the carer's word beside it.
  const missed = await timesheetDay(page, carer, missedDay);
  await expect(missed).toHaveValue('Missed');
  await expect(missed).toHaveAccessibleDescription('By the carer: Couldn’t visit: no answer at the door Note: Curtains shut, rang the daughter: no answer');
  await expect(page.getByText('No answer at the door', { exact: true })).toBeVisible();

  // The office types its own figure over the carer's 3 hours, then gives way to the carer's again.
  const day = await timesheetDay(page, carer, visitTime.date);
  await expect(day).toHaveValue('3');
  await day.fill('2.5');
  await day.press('Enter');
  await expect(day).toHaveValue('2.5');
  await expect(day).toHaveAccessibleDescription(`Carer's app: 3 h, ${visitTime.start}–${visitTime.end}`);
  await day.focus();
  await day.press('n');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The carer’s app says 3 h.');
  await screenshotsOf(page, 'timesheet-use-carers-figure');
  expect(await violationsNow(page, 'the day’s dialog offering the carer’s figure')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Use the carer’s figure' }).click();
  await expect(dialog).toHaveCount(0);
  const again = await timesheetDay(page, carer, visitTime.date);
  await expect(again).toHaveValue('3');
  await expect(again).toHaveAccessibleDescription(`By the carer: ${visitTime.start}–${visitTime.end}`);
});

test('a carer puts their own visits right: a started visit cancelled, a sent one changed then withdrawn; the office sees the change and the original', async ({ page, signIn }) => {
  // A phone's visits, offline and online, and the office's two screens (about 20 s here): three times that and more.
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const day = addDays(carer.today, -2);
  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    const { phone, app } = await signedInPhone(profile, carer);
    const card = app.getByRole('article', { name: carer.clientName });
    await fillVisitForm(card, { date: day, start: '09:00', end: '10:00', note: 'Breakfast' });
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByRole('listitem').filter({ hasText: '09:00 to 10:00' })).toContainText('Sent');
    await expect(app.getByText('All sent')).toBeVisible();

    // Started by mistake: cancelled, and nothing of it kept.
    await card.getByRole('button', { name: 'Start visit' }).click();
    app.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Cancel visit' }).click();
    await expect(card.getByText(/^Visit started at/)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Start visit' })).toBeEnabled();

    // Changed: the end was half past.
    const sent = app.getByRole('listitem').filter({ hasText: `${formatDate(day)}, 09:00 to` });
    await expect(sent).toContainText('Sent');
    await screenshotsOf(app, 'carer-phone-change-withdraw');
    await app.setViewportSize({ width: 390, height: 844 });
    expect(await violationsNow(app, 'the carer app’s visits with Change and Withdraw')).toEqual([]);
    await sent.getByRole('button', { name: /^Change: / }).click();
    const form = card.getByRole('form', { name: `Change: Visit to ${carer.clientName}` });
    await expect(form.getByLabel('End')).toHaveValue('10:00');
    await form.getByLabel('End').fill('10:30');
    await form.getByRole('button', { name: 'Send the change' }).click();
    await expect(app.getByText('All sent')).toBeVisible();
    await expect(sent).toContainText(`${formatDate(day)}, 09:00 to 10:30`);

    // The phone checks overlaps itself, in the server's words.
    await fillVisitForm(card, { date: day, start: '10:00', end: '11:00' });
    await card.getByRole('button', { name: 'Save visit' }).click();
    await expect(card.getByText(`It overlaps your visit of 09:00 to 10:30 on ${formatDate(day)}`)).toBeVisible();
    app.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Withdrawn, with no signal: it waits, "Send now" says why, and goes when signal returns.
    await phone.setOffline(true);
    app.once('dialog', (dialog) => void dialog.accept());
    await sent.getByRole('button', { name: /^Withdraw: / }).click();
    await expect(sent).toContainText('Withdrawal waiting to send');
    await app.getByRole('button', { name: 'Send now' }).click();
    await expect(app.getByText('No signal: your visits are kept on this phone and go by themselves when there is signal.')).toBeVisible();
    await phone.setOffline(false);
    await expect(app.getByText('All sent')).toBeVisible({ timeout: 20_000 });
    await expect(sent).toContainText('Withdrawn');
    await expect(sent.getByRole('button', { name: /^Withdraw: / })).toHaveCount(0);
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }

  // The office: the client's visits show it withdrawn, changed, and as first sent; the timesheet counts nothing.
  await page.goto(`/clients?view=${carer.clientId}`);
  const view = page.getByRole('dialog', { name: carer.clientName });
  await view.getByRole('tab', { name: 'Logs' }).click();
  const visit = view.getByRole('region', { name: 'Visits' }).getByRole('listitem').filter({ hasText: '09:00–10:30' });
  await expect(visit).toContainText('Withdrawn by the carer');
  await expect(visit).toContainText(`First sent as: ${formatDate(day)}, 09:00–10:00 · Breakfast`);
  await screenshotsOf(page, 'client-visits-changed');
  expect(await violationsNow(page, 'a client’s visits, one changed and withdrawn')).toEqual([]);
  const cell = await timesheetDay(page, carer, day);
  await expect(cell).toHaveValue('');
});

test('a visit planned and moved by the office is accepted on the phone, given with no signal, and reaches Today as done', async ({ page, signIn }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const carer = await invitedCarer(api);
  const [pkg] = (await api.packages.getAllNotEndedYet.query()).filter((p) => p.carerId === carer.carerId);
  await api.visitPlans.set.mutate({ packageId: pkg!.id, visits: [{ weekday: weekdayOf(carer.today), start: '06:00', end: '07:00' }] });

  // The office moves today's visit to the evening: offered to the carer.
  await page.goto('/today');
  const officeDay = page.getByRole('region', { name: carer.carerName });
  await officeDay.getByRole('button', { name: `Change the visit to ${carer.clientName} at 06:00` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill('18:00');
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('19:00');
  await dialog.getByRole('button', { name: 'Offer the change' }).click();
  await expect(officeDay).toContainText('offered to the carer, not yet accepted');

  // The client's key information, by the office: the key safe code is never shown back.
  await page.goto(`/clients?view=${carer.clientId}`);
  const view = page.getByRole('dialog', { name: carer.clientName });
  await view.getByRole('tab', { name: 'Key information' }).click();
  await view.getByRole('button', { name: 'Edit key information' }).click();
  await view.getByLabel('How to get in').fill('Side gate, then the back door');
  await view.getByLabel('Key safe code').fill('7395');
  await view.getByLabel('Allergies and risks').fill('Penicillin');
  await view.getByLabel('Emergency contact').fill('Joan (daughter) 07700 900444');
  expect(await violationsNow(page, 'a client’s key information, being edited')).toEqual([]);
  await view.getByRole('button', { name: 'Save key information' }).click();
  await expect(view.getByText('Held, sealed: shown only on the carer’s phone on the days they visit')).toBeVisible();
  await expect(view).not.toContainText('7395');
  await screenshotsOf(page, 'client-key-information');
  await page.setViewportSize({ width: 1280, height: 900 });

  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  try {
    let { phone, app } = await signedInPhone(profile, carer);
    // Today opens first, with the visit at its new time and the office's change to accept.
    await expect(app.getByRole('heading', { level: 1 })).toContainText('Today');
    const planned = app.getByRole('listitem', { name: `18:00 ${carer.clientName}` });
    await expect(planned).toContainText('The office moved this visit from');
    await planned.getByRole('button', { name: /^Accept: / }).click();
    await expect(planned).toContainText('You accepted it');
    await screenshotsOf(app, 'carer-today');
    // When the carer can work, said on the phone (with signal): the office plans within it.
    await app.setViewportSize({ width: 390, height: 844 });
    const availability = app.getByRole('region', { name: 'When you can work' });
    await availability.getByRole('button', { name: 'Say when you can work' }).click();
    await availability.getByRole('button', { name: 'Add a time' }).click();
    const time = availability.getByRole('group', { name: 'Time 1' });
    await time.getByLabel('Day').selectOption('Tuesday');
    await time.getByLabel('From').fill('08:00');
    await time.getByLabel('To').fill('12:00');
    await availability.getByRole('button', { name: 'Save' }).click();
    await expect(availability).toContainText('Tuesday 08:00–12:00');
    expect((await api.availability.get.query({ carerId: carer.carerId })).weekly).toEqual([{ weekday: 2, start: '08:00', end: '12:00' }]);
    await app.setViewportSize({ width: 390, height: 844 });
    expect(await violationsNow(app, 'the carer’s Today')).toEqual([]);
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // No signal, and the phone switched off and on again: Today is still there, read from the phone.
    await phone.setOffline(true);
    await phone.close();
    phone = await openPhone(profile, { offline: true });
    app = phonePage(phone);
    await app.goto('/carer/');
    const reopened = app.getByRole('listitem', { name: `18:00 ${carer.clientName}` });
    await expect(reopened).toContainText('To do');
    // What the carer needs at the door, with no signal: the key safe code on today's visit alone.
    await expect(reopened).toContainText('How to get in: Side gate, then the back door');
    await expect(reopened).toContainText('Key safe code: 7395');
    await expect(app.getByRole('article', { name: carer.clientName })).not.toContainText('7395');
    await expect(app.getByRole('article', { name: carer.clientName })).toContainText('Allergies and risks: Penicillin');
    await reopened.getByRole('button', { name: 'Start visit' }).click();
    await expect(reopened).toContainText('Started');
    await reopened.getByRole('button', { name: 'Finish visit' }).click();
    // Its times filled from the start and now; set to the minute before and now, so the visit has a length.
    const [hours, minutes] = timeIn().split(':').map(Number) as [number, number];
    if (hours === 0 && minutes === 0) await app.waitForTimeout(61_000);
    const now = hours * 60 + minutes || 1;
    await reopened.getByLabel('Start').fill(hhmm(now - 1));
    await reopened.getByLabel('End').fill(hhmm(now));
    await reopened.getByRole('button', { name: 'Save visit' }).click();
    await expect(app.getByText('1 waiting to send')).toBeVisible();
    await expect(reopened).toContainText('Done');

    // Signal returns: the visit goes, and the office's Today shows it done.
    await phone.setOffline(false);
    await expect(app.getByText('All sent')).toBeVisible({ timeout: 20_000 });
    await phone.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  await page.goto('/today');
  await expect(officeDay.getByRole('listitem').filter({ hasText: carer.clientName })).toContainText('Done');
  await expect(officeDay).toContainText('accepted by the carer');
  await expect(officeDay).toContainText(/Phone last heard from at \d\d:\d\d/);
});
