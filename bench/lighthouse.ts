/**
 * Lighthouse's mobile profile (its default: a phone's screen, simulated slow 4G and the CPU slowed 4×) on three
 * pages of the product: the landing page on a first visit, the office's dashboard signed in, and the carer app's
 * Today signed in as a carer. The office keeps its sign-in in the tab's sessionStorage and the carer app in
 * localStorage, so each is signed in in the very tab Lighthouse then measures, Lighthouse told to keep the
 * storage; before each measured load the HTTP cache, the Cache Storage and the service workers of the origin are
 * cleared, so every load is cold, as a person's first visit of the day with nothing cached.
 */
import { performance } from 'node:perf_hooks';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { apiClient, signInOverHttp } from '@/server/test/http-sign-in';
import { newCarer } from '@/server/test/builders';
import { addDays, todayIn } from '@/shared/dates';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/server';
import type { Credentials } from './frontend';
import { LIGHTHOUSE_PAGES, type LighthouseFigures, type LighthousePageKind, type LighthouseProfile, type LighthouseRun, warmScripts } from './lighthouse-figures';

const WAIT_MS = 30_000;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function profileOf(lhr: Result): LighthouseProfile {
  const { formFactor, throttlingMethod, throttling, screenEmulation } = lhr.configSettings;
  return {
    formFactor,
    throttlingMethod,
    rttMs: throttling.rttMs ?? Number.NaN,
    downloadKbps: throttling.throughputKbps ?? Number.NaN,
    uploadKbps: throttling.uploadThroughputKbps ?? Number.NaN,
    cpuSlowdown: throttling.cpuSlowdownMultiplier ?? Number.NaN,
    screen: `${screenEmulation.width}×${screenEmulation.height} CSS pixels at a device pixel ratio of ${screenEmulation.deviceScaleFactor}`,
  };
}

/** Until `page`'s address is the one wanted, through any redirects (the hosted login page's among them). */
async function waitForPath(page: Page, path: string): Promise<void> {
  const until = performance.now() + WAIT_MS;
  while (new URL(page.url()).pathname !== path) {
    if (performance.now() > until) throw new Error(`Lighthouse: waited for ${path}, still at ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Until the page shows `text`: the signed-in screen, drawn. */
async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.body?.innerText.includes(wanted), { timeout: WAIT_MS }, text);
}

/** The hosted login page's form, filled in and sent. */
async function fillSignInForm(page: Page, credentials: Credentials): Promise<void> {
  await page.locator('#email').fill(credentials.email);
  await page.locator('#password').fill(credentials.password);
  await page.locator('button.primary[type="submit"]').click();
}

/** Through the landing page and the hosted login page, as a member of staff signs in. */
async function signInToOffice(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.locator('header ::-p-aria([name="Sign In"][role="button"])').click();
  await fillSignInForm(page, credentials);
  await waitForPath(page, '/dashboard');
  await waitForText(page, 'Total Active Clients');
}

const CARER_PASSWORD = 'a carer walks the valley lanes';

/**
 * A volunteer caring for a client for a week now, invited to the carer app by the office (as the bench's
 * Coordinator): the link the office passes on, and the carer's address.
 */
async function invitedCarer(baseUrl: string, office: Credentials): Promise<{ link: string; email: string }> {
  const api = apiClient(baseUrl, await signInOverHttp(baseUrl, office));
  const email = `lighthouse.${Date.now()}@carers.example`;
  const carer = await api.volunteers.create.mutate(newCarer({ name: 'Lena Lighthouse', email }));
  const client = await api.clients.create.mutate({ dateOfBirth: '1936-02-11', details: { name: 'Walter Fenn', address: { postCode: 'TA4 9ZY' } } });
  const startDate = addDays(todayIn(), -7);
  const request = await api.requests.create.mutate({ clientId: client.id, startDate, details: { weeklyHours: 3 } });
  await api.packages.create.mutate({
    carerId: carer.id,
    requestId: request.id,
    startDate,
    details: { weeklyHours: 3, notes: 'Key safe by the back door', address: { streetAddress: '2 Mill Lane', locality: 'Wiveliscombe', postCode: 'TA4 2AB' } },
  });
  const { linkToPassOn } = await api.carerApp.invite.mutate({ carerId: carer.id });
  if (!linkToPassOn) throw new Error('Lighthouse: the carer was invited by e-mail, with no link to pass on');
  return { link: linkToPassOn, email };
}

/** On the phone: the password set from the invitation, then signed in; the app opens at /carer/ with the client's card. */
async function signInToCarerApp(page: Page, invitation: { link: string; email: string }): Promise<void> {
  await page.goto(invitation.link);
  await page.locator('#new-password').fill(CARER_PASSWORD);
  await page.locator('#confirm-password').fill(CARER_PASSWORD);
  await page.locator('button.primary[type="submit"]').click();
  await page.locator('a.primary').click();
  await fillSignInForm(page, { email: invitation.email, password: CARER_PASSWORD });
  await waitForPath(page, '/carer/');
  await waitForText(page, 'Walter Fenn');
}

/** Clears what would make the next load of the page warm: the HTTP cache, and the origin's Cache Storage and service workers. */
async function coldCache(page: Page, origin: string): Promise<void> {
  const session = await page.createCDPSession();
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  } finally {
    await session.detach();
  }
}

/**
 * Lighthouse's own failures to record a load (NO_NAVSTART: "Something went wrong with recording the trace…") come and go
 * with the machine's load: such a run is taken again, up to this many times in all.
 */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse run of `url` in `page`: the whole of the page's storage kept, or (a first visit) cleared by Lighthouse. */
async function runLighthouse(page: Page, url: string, keepStorage: boolean, beforeEach: () => Promise<void>, progress: (message: string) => void): Promise<Result> {
  const flags = { logLevel: 'error' as const, output: 'json' as const, onlyCategories: ['performance'], disableStorageReset: keepStorage };
  let lhr!: Result;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    await beforeEach();
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    progress(`Lighthouse on ${url}: ${lhr.runtimeError.code}, attempt ${attempt} of ${LIGHTHOUSE_ATTEMPTS}`);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  if (typeof score !== 'number' || typeof lcp !== 'number') throw new Error(`Lighthouse on ${url}: no performance score or largest contentful paint`);
  const warm = warmScripts(lhr);
  if (warm.length) throw new Error(`Lighthouse on ${url}: not a cold load, ${warm.length} scripts were not fetched over the network (${warm.join(', ')})`);
  return lhr;
}

/** A page of its own, in a browser context of its own: the three pages' storage and sign-ins apart. */
async function newTab(browser: Browser): Promise<Page> {
  const context = await browser.createBrowserContext();
  return context.newPage();
}

/**
 * Each page measured `runs` times with Lighthouse's default (mobile) settings, in headless Chromium against the
 * product at `baseUrl`; `office` is a Coordinator's sign-in, which also invites the carer measured.
 */
export async function measureLighthouse(baseUrl: string, office: Credentials, runs: number, progress: (message: string) => void = () => {}): Promise<LighthouseFigures> {
  const origin = new URL(baseUrl).origin;
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const tabs: Record<LighthousePageKind, { page: Page; signedIn: string | undefined }> = {
      landing: { page: await newTab(browser), signedIn: undefined },
      dashboard: { page: await newTab(browser), signedIn: 'Total Active Clients' },
      carer: { page: await newTab(browser), signedIn: 'Walter Fenn' },
    };
    progress('Lighthouse: signing in to the office and, as an invited carer, to the carer app');
    await signInToOffice(tabs.dashboard.page, baseUrl, office);
    await signInToCarerApp(tabs.carer.page, await invitedCarer(baseUrl, office));

    let last: Result | undefined;
    const pages: LighthouseFigures['pages'] = [];
    for (const { kind, path } of LIGHTHOUSE_PAGES) {
      const { page, signedIn } = tabs[kind];
      const measured: LighthouseRun[] = [];
      for (let n = 0; n < runs; n++) {
        progress(`Lighthouse (mobile): ${path}, run ${n + 1} of ${runs}`);
        const beforeEach = async () => (signedIn ? coldCache(page, origin) : undefined);
        const lhr = await runLighthouse(page, `${baseUrl}${path}`, signedIn !== undefined, beforeEach, progress);
        // The page Lighthouse measured must be the signed-in one, not a sign-in page it was sent to.
        if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`Lighthouse: ${path} ended at ${lhr.finalDisplayedUrl}`);
        if (signedIn) await waitForText(page, signedIn);
        measured.push({
          score: lhr.categories.performance!.score!,
          largestContentfulPaintMs: lhr.audits['largest-contentful-paint']!.numericValue!,
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
        last = lhr;
      }
      pages.push({ kind, runs: measured });
    }
    return { version: last!.lighthouseVersion, profile: profileOf(last!), pages };
  } finally {
    await browser.close();
  }
}
