import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A country line: a part of the app whose code is slow to come, then does not come at all. Each is held back until
 * the screen has said it is loading, then refused as a dropped connection; once the line is back, Try again loads it.
 */
async function holdThenRefuse(page: Page, file: RegExp): Promise<{ refuse(): Promise<void>; lineBack(): Promise<void> }> {
  const held: Route[] = [];
  let refusing = false;
  const handler = (route: Route) => (refusing ? route.abort('internetdisconnected') : void held.push(route));
  await page.route(file, handler);
  return {
    async refuse() {
      await expect.poll(() => held.length, { message: `a request for ${file} is held back` }).toBeGreaterThan(0);
      refusing = true;
      for (const route of held.splice(0)) await route.abort('internetdisconnected');
    },
    lineBack: () => page.unroute(file, handler),
  };
}

test('a screen whose code comes late says it is loading, one refused says so, and Try again opens it', async ({ page, signIn }) => {
  // Held from the start, the screens fetched ahead in idle moments are held too: the Clients screen comes only when asked.
  const clientsCode = await holdThenRefuse(page, /\/assets\/clients-screen-[\w-]+\.js$/);
  await signIn('Coordinator');
  await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');

  await clientsCode.refuse();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(/^This screen could not be loaded\. Check the connection, then try again\./);
  // The rest of the app stands: the sidebar still takes the person elsewhere and back.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await clientsCode.lineBack();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search clients' })).toBeVisible();
});

test('the dashboard draws its figures without the charts; a chart tab whose code is refused says so and opens on Try again', async ({ page, signIn }) => {
  const chartCode = await holdThenRefuse(page, /\/assets\/cross-section-tab-[\w-]+\.js$/);
  await signIn('Coordinator');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

  await page.getByRole('tab', { name: 'Active Requests' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Active Requests' });
  await expect(tab.getByRole('status')).toHaveText('Loading...');
  await chartCode.refuse();
  await expect(tab.getByRole('alert')).toHaveText(/^This tab could not be loaded\. Check the connection, then try again\./);
  // The other tabs and the screen around them stand.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

  await chartCode.lineBack();
  await page.getByRole('tab', { name: 'Active Requests' }).click();
  await tab.getByRole('button', { name: 'Try again' }).click();
  await expect(tab.getByRole('heading', { name: 'Hours by Locality' }).or(tab.getByText('No active requests'))).toBeVisible();
});

test('the app itself says it is loading while its code comes, refused says so, and Try again opens it', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const appCode = await holdThenRefuse(page, /\/assets\/app-[\w-]+\.js$/);
  await page.reload();
  // While the app's code is on its way, the page says so (drawn at build), rather than standing blank.
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await appCode.refuse();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/^Valecare could not be loaded\. Check the connection, then try again\./);

  await appCode.lineBack();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the landing page is drawn without the app: Sign In fetches the sign-in code only when pressed', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Care coordination for the people who hold your community together' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Its own small entry and the bundler's pieces it imports, each named in the page (the budget holds their size): no app.
  const named = await page
    .locator('script[type="module"][src], link[rel="modulepreload"]')
    .evaluateAll((elements) => elements.map((e) => new URL((e as HTMLScriptElement).src || (e as HTMLLinkElement).href).pathname));
  expect(new Set(scripts), 'the landing page loads only the scripts its page names').toEqual(new Set(named));
  expect(scripts.length).toBeLessThanOrEqual(3);
  await page.getByRole('main').getByRole('button', { name: 'Get Started Today' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test("a screen's address is answered with a page naming its code, each fetched once; the other screens come after its figures are drawn", async ({ page, signIn }) => {
  await signIn('Coordinator');
  // Away first: the page signed in on fetches the other screens ahead, and none of that is the page measured here.
  await page.goto('about:blank');
  const requested: string[] = [];
  page.on('request', (request) => void requested.push(new URL(request.url()).pathname));
  // The other screens, fetched ahead, wait for the first screen's figures: they share the line with none of them.
  const firstAnswer = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/trpc/'));
  const otherScreenAsked = page.waitForRequest((request) => /\/assets\/(?!dashboard-)[\w-]+-screen-[\w-]+\.js$/.test(request.url()));
  // The screen's code comes after the app's: the app is drawn, and idle, before the screen has asked for anything.
  await page.route(/\/assets\/dashboard-screen-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/dashboard');
  expect(await Promise.race([firstAnswer.then(() => 'figures'), otherScreenAsked.then(() => 'another screen')])).toBe('figures');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const named = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/dashboard-screen-[\w-]+\.js$/)]));
  // Nor before the figures are drawn: the largest thing drawn (the figures) came before the first of them was asked for.
  const drawn = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(Math.max(...list.getEntries().map((entry) => entry.startTime)))).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  const otherScreen = await page.evaluate(() =>
    Math.min(...performance.getEntriesByType('resource').filter((entry) => /\/assets\/(?!dashboard-)[\w-]+-screen-/.test(entry.name)).map((entry) => entry.startTime)),
  );
  expect(drawn).toBeGreaterThan(0);
  expect(otherScreen).toBeGreaterThan(drawn);
  // Named in the page and asked for again by the app's script, each is still fetched once; so are the sign-in settings.
  for (const file of [...named, '/config.json']) expect({ file, times: requested.filter((path) => path === file).length }).toEqual({ file, times: 1 });
});
