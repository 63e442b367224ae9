import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/server';
import { type BytesAsSent, fileAsSent, type ScriptSet, scriptSet } from './bytes-as-sent';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIST = path.join(ROOT, 'dist/client');
const WAIT_MS = 30_000;
/** Tall enough that the virtualised table (70% of the window high) draws its first 50 rows. */
const TALL_WINDOW = { width: 1920, height: 2600 };
const DESKTOP_WINDOW = { width: 1280, height: 800 };

/** The largest JavaScript file of the build, as sent with brotli, that the landing page does not load. */
export async function largestLazyChunk(baseUrl: string, landing: ScriptSet): Promise<{ file: string } & BytesAsSent> {
  const lazy = readdirSync(path.join(CLIENT_DIST, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .filter((file) => !landing.files.includes(file));
  const sent = [];
  for (const file of lazy) sent.push({ file, ...(await fileAsSent(baseUrl, file)) });
  return sent.sort((a, b) => b.brotliBytes - a.brotliBytes)[0] ?? { file: '-', brotliBytes: 0, gzipBytes: 0, rawBytes: 0 };
}

/** Records the built scripts a page requests, as files of the build, each with when it was first asked for (ms since 1970). */
function recordScripts(page: Page, origin: string): Map<string, number> {
  const files = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const file = url.pathname.slice(1);
    if (request.resourceType() === 'script' && url.origin === origin && !files.has(file)) files.set(file, Date.now());
  });
  return files;
}

/** The latest largest-contentful-paint candidate: the one that stands once the page has settled. */
async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let latest = Number.NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) latest = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(latest), 500);
      }),
  );
}

export interface Credentials {
  email: string;
  password: string;
}

/** Through the landing page and the hosted login page, as a person signs in (a role without a second step). */
async function signIn(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: WAIT_MS });
}

/** Milliseconds from the start of the navigation to the moment the clients table holds `rows` rows. */
async function timeToRows(page: Page, url: string, rows: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (wanted) => (document.querySelectorAll('main table tbody tr td:first-child').length >= wanted ? performance.now() : false),
    rows,
    { polling: 'raf', timeout: WAIT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/** Longer than any keystroke takes to show: a key that changes nothing on screen gives no time. */
const KEY_SETTLE_MS = 1_500;

/**
 * Types into the list's search box one key at a time and times each key from its keydown event to the
 * next frame after the list (its rows or its total) changed. Each word is typed, then deleted.
 */
async function keystrokeTimes(page: Page, words: readonly string[]): Promise<number[]> {
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.click();
  await page.evaluate(() => {
    const state = window as unknown as { pressedAt: number | null; keyTimes: number[] };
    state.keyTimes = [];
    state.pressedAt = null;
    const input = document.querySelector('main input[type="search"]');
    document.addEventListener('keydown', (event) => void (state.pressedAt = event.timeStamp), true);
    new MutationObserver((mutations) => {
      const pressedAt = state.pressedAt;
      if (pressedAt === null || mutations.every((m) => m.target === input)) return;
      state.pressedAt = null;
      requestAnimationFrame(() => state.keyTimes.push(performance.now() - pressedAt));
    }).observe(document.querySelector('main')!, { childList: true, subtree: true, characterData: true });
  });
  const recorded = () => page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes.length);
  const press = async (key: string) => {
    const before = await recorded();
    await page.keyboard.press(key);
    await page
      .waitForFunction((n) => (window as unknown as { keyTimes: number[] }).keyTimes.length > n, before, { timeout: KEY_SETTLE_MS })
      .catch(() => page.evaluate(() => void ((window as unknown as { pressedAt: number | null }).pressedAt = null)));
  };
  for (const word of words) {
    for (const key of word) await press(key);
    for (let n = word.length; n > 0; n--) await press('Backspace');
  }
  return page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
}

export interface BrowserFigures {
  landingScripts: ScriptSet;
  appScripts: ScriptSet;
  largestLazyChunk: { file: string } & BytesAsSent;
  /** Largest contentful paint of the landing page, one per cold load. */
  landingLcpMs: number[];
  /** From navigating to /clients (signed in) to its first 50 rows drawn, one per load. */
  clientsFirstRowsMs: number[];
  /** From a key in the clients search box to the filtered rows drawn. */
  keystrokeMs: number[];
  /** Clients the list shows (not archived). */
  listedClients: number;
}

export interface BrowserSettings {
  landingLoads: number;
  listLoads: number;
  searchWords: readonly string[];
}

async function withContext<T>(browser: Browser, options: Parameters<Browser['newContext']>[0], run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

/** The front-end figures, in headless Chromium against the built app served by the product. */
export async function measureInBrowser(baseUrl: string, credentials: Credentials, settings: BrowserSettings): Promise<BrowserFigures> {
  const origin = new URL(baseUrl).origin;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // Each landing page load in a new context: a first visit, nothing cached.
    const landingLcpMs: number[] = [];
    let landingFiles = new Set<string>();
    for (let n = 0; n < settings.landingLoads; n++) {
      await withContext(browser, { viewport: DESKTOP_WINDOW }, async (context) => {
        const page = await context.newPage();
        const asked = recordScripts(page, origin);
        await page.goto(`${baseUrl}/`);
        await page.getByRole('heading', { level: 1 }).waitFor({ timeout: WAIT_MS });
        await page.waitForLoadState('networkidle');
        landingFiles = new Set(asked.keys());
        landingLcpMs.push(await largestContentfulPaint(page));
      });
    }

    // The web app keeps its session in the tab's sessionStorage, which storageState leaves out: it is
    // carried into each new context's first page by hand, as a reload of the signed-in tab would keep it.
    const session = await withContext(browser, { viewport: DESKTOP_WINDOW }, async (context) => {
      const page = await context.newPage();
      await signIn(page, baseUrl, credentials);
      return { state: await context.storageState(), tab: await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage))) };
    });
    const signedInTab = async (context: BrowserContext) => {
      await context.addInitScript((entries) => {
        if (sessionStorage.length === 0) for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
      }, session.tab);
      return context.newPage();
    };

    // The signed-in app as it starts on a new visit: the session is kept, nothing is cached. Its first screen is what
    // was fetched until the dashboard's figures are drawn: the other screens, fetched ahead in idle moments after
    // that, are no part of it.
    const appScripts = await withContext(browser, { viewport: DESKTOP_WINDOW, storageState: session.state }, async (context) => {
      const page = await signedInTab(context);
      const files = recordScripts(page, origin);
      await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit' });
      // The moment the figures are drawn, by the page's clock (the same machine's): what was asked for later is not the first screen's.
      const drawn = await page.waitForFunction(
        () => (document.body.innerText.includes('Total Active Clients') ? performance.timeOrigin + performance.now() : false),
        undefined,
        { polling: 'raf', timeout: WAIT_MS },
      );
      const drawnAt = (await drawn.jsonValue()) as number;
      await page.waitForLoadState('networkidle');
      return new Set([...files].filter(([, askedAt]) => askedAt <= drawnAt).map(([file]) => file));
    });

    return await withContext(browser, { viewport: TALL_WINDOW, storageState: session.state }, async (context) => {
      const page = await signedInTab(context);
      const clientsFirstRowsMs: number[] = [];
      for (let n = 0; n < settings.listLoads; n++) clientsFirstRowsMs.push(await timeToRows(page, `${baseUrl}/clients`, 50));
      const listedClients = Number(/Total: (\d+)/.exec((await page.getByText(/^Total: \d+$/).textContent()) ?? '')?.[1] ?? Number.NaN);
      const keystrokeMs = await keystrokeTimes(page, settings.searchWords);
      const landingScripts = await scriptSet(baseUrl, landingFiles);
      return {
        landingScripts,
        appScripts: await scriptSet(baseUrl, appScripts),
        largestLazyChunk: await largestLazyChunk(baseUrl, landingScripts),
        landingLcpMs,
        clientsFirstRowsMs,
        keystrokeMs,
        listedClients,
      };
    });
  } finally {
    await browser.close();
  }
}
