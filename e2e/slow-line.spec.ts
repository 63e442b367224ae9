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
