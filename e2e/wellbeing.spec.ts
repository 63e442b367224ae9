import type { Locator, Page } from '@playwright/test';
import { addDays, todayIn } from '@/shared/dates';
import { newCarer, newClient } from '@/server/test/builders';
import { expect, screenshotsOf, test, withPageToken } from './fixtures';
import { violationsNow } from './axe';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const TODAY = todayIn();

/** Answers a question of the form: the score (or answer) by its words, "Declined" to decline it. */
async function answer(form: Locator, question: RegExp, choice: string) {
  await form.getByRole('group', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

async function recordAsking(page: Page, dialog: Locator, askedOn: string, scores: { life: string; worthwhile: string; anxious: string; lonely: string }, mattersMost: string) {
  await dialog.getByRole('button', { name: 'Record wellbeing' }).click();
  const form = dialog.getByRole('form', { name: 'Record wellbeing' });
  await form.getByLabel('Day asked').fill(askedOn);
  await answer(form, /satisfied are you with your life/, scores.life);
  await answer(form, /things you do in your life are worthwhile/, scores.worthwhile);
  // By keyboard: into the happiness row, then along it with the arrow keys, ending on "Declined".
  const happy = form.getByRole('group', { name: /happy did you feel/ });
  await happy.getByRole('radio', { name: '10', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(happy.getByRole('radio', { name: 'Declined' })).toBeChecked();
  await answer(form, /anxious did you feel/, scores.anxious);
  await answer(form, /How often do you feel lonely/, scores.lonely);
  await form.getByLabel(/What matters most/).fill(mattersMost);
  await form.getByRole('button', { name: 'Save answers' }).click();
  await expect(form).toBeHidden();
}

test('a coordinator asks a client at the start of care and at review, and prints the funder’s wellbeing report on at most 2 A4 pages', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const funder = await api.funders.create.mutate({ name: unique('Levelling Up Grant') });
  const client = await api.clients.create.mutate(newClient({ name: unique('Winifred Asked') }));
  const start = addDays(TODAY, -40);
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: start, details: { address: { postCode: 'TA4 2AB' } } });
  const mp = await api.mps.create.mutate(newCarer({ name: unique('Maud Carer') }));
  await api.packages.create.mutate({
    carerId: mp.id,
    requestId: request.id,
    startDate: start,
    endDate: 'open',
    details: { weeklyHours: 3, services: ['Domestic'], address: { postCode: 'TA4 2AB' }, funderId: funder.id },
  });

  // The dashboard lists the client as due their first asking, overdue since their care began.
  await page.goto('/dashboard');
  const due = page.getByRole('region', { name: 'Wellbeing to ask' });
  await expect(due.getByRole('listitem').filter({ hasText: client.details.name })).toContainText('First asking overdue since');
  await due.getByRole('link', { name: client.details.name }).click();
  const dialog = page.getByRole('dialog', { name: client.details.name });
  await dialog.getByRole('tab', { name: 'Wellbeing' }).click();
  await expect(dialog.getByText('Not asked yet')).toBeVisible();

  // Nothing is sent with a question left unanswered: it says which.
  await dialog.getByRole('button', { name: 'Record wellbeing' }).click();
  await dialog.getByRole('button', { name: 'Save answers' }).click();
  await expect(dialog.getByText('Life satisfaction: give an answer, or mark it declined')).toBeVisible();
  expect(await violationsNow(page, 'the wellbeing form')).toEqual([]);
  await screenshotsOf(page, 'wellbeing-form');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await recordAsking(page, dialog, start, { life: '3', worthwhile: '4', anxious: '8', lonely: 'Often or always' }, 'Getting out to the garden club');
  await recordAsking(page, dialog, TODAY, { life: '7', worthwhile: '6', anxious: '3', lonely: 'Occasionally' }, 'Seeing my sister on Sundays');
  const latest = dialog.getByRole('listitem').first();
  await expect(latest).toContainText('7 / 10');
  await expect(latest).toContainText('Declined');
  await expect(latest).toContainText('Seeing my sister on Sundays');
  await expect(dialog.getByRole('listitem').last()).toContainText('first asked');
  expect(await violationsNow(page, 'the client’s Wellbeing tab')).toEqual([]);
  await screenshotsOf(page, 'wellbeing-client');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The funder's report: one person, their change, and the caution that one is too few.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const form = page.getByRole('dialog', { name: 'Generate Analytics Report' });
  await form.getByLabel('Report Type').selectOption('Wellbeing Report');
  await form.getByLabel('From').fill(addDays(TODAY, -30));
  await form.getByLabel('To').fill(TODAY);
  await form.getByLabel('Funder').selectOption(funder.name);
  await form.getByRole('button', { name: 'Generate Report' }).click();
  const report = page.getByRole('dialog', { name: new RegExp(`^Wellbeing Report: ${funder.name}`) });
  const life = report.getByRole('table', { name: 'Mean scores from 0 to 10, before and after' }).getByRole('row').filter({ hasText: 'Life satisfaction' });
  await expect(life).toHaveText(/Life satisfaction\s*1\s*3\.00\s*7\.00\s*\+4\.00/);
  await expect(report.getByText('Only 1 person answered both before and after')).toBeVisible();
  await expect(report.getByText('without a control group does not show')).toBeVisible();
  await expect(report.getByText(/\+4\.00 WELLBYs .* valued at £52,000 at 2019 prices/)).toBeVisible();
  await expect(report.getByRole('table', { name: /^Life satisfaction: 1 to a better band/ })).toBeVisible();
  await expect(report.getByRole('table', { name: /How often they feel lonely: 1 person/ })).toBeVisible();
  expect(await violationsNow(page, 'the wellbeing report')).toEqual([]);
  await screenshotsOf(page, 'wellbeing-report');
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^wellbeing-report-levelling-up-grant-[a-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(2);
  await page.screenshot({ path: test.info().outputPath('wellbeing-report-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});
