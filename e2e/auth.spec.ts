import type { Page } from '@playwright/test';
import { enterPassword, expect, searchList, serverOf, setUpTwoStepSignIn, signInAs, signInFromBanner, test, withPageToken } from './fixtures';
import { DRAFT_RESTORED } from '@/client/lib/drafts';
import { LAST_ACTIVITY_KEY } from '@/client/lib/idle-session';
import { newClient } from '@/server/test/builders';
import { DRAFT_KEEPER, e2eUser, type E2eUser, SIGNED_OUT_ELSEWHERE } from './users';
import { migratedDataDir, newDataDir, removeDataDir, startServer } from './server';

const ALL_ITEMS = ['Dashboard', 'Today', 'Requests', 'Packages', 'Timesheets', 'Clients', 'MPs', 'Volunteers', 'DBS', 'Public Liability', 'Records', 'MAG', 'Compliance', 'Audit', 'Data protection', 'Reminders', 'Staff', 'Import'];

/** The sidebar's links; asserting on them waits until the sidebar has rendered. */
function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link');
}

/** The tokens the app keeps for the signed-in user (in the tab's sessionStorage). */
async function storedTokens(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('valecare.session.'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { id_token: string; access_token: string; refresh_token: string }) : null;
  });
}

/** The first Admin's e-mail and password, printed once at the first start. */
function printedAdmin(output: string) {
  const match = /as (admin@localhost) with password (\S+)/.exec(output);
  expect(match, output).not.toBeNull();
  return { email: match![1]!, password: match![2]! };
}

/** The first sign-in of the printed admin: password, then setting up two-step sign-in (Admins need it). */
async function firstSignInAsPrintedAdmin(page: Page, server: { url: string; output: () => string }) {
  const admin = printedAdmin(server.output());
  await enterPassword(page, admin, server.url);
  await setUpTwoStepSignIn(page, admin.email);
  await page.waitForURL('**/dashboard');
}

test('first start: the printed admin signs in, sets up two-step sign-in and lands on the dashboard with the Admin sidebar', async ({ page }) => {
  const dataDir = newDataDir();
  const server = await startServer({ port: 3231, dataDir });
  try {
    await firstSignInAsPrintedAdmin(page, server);
    await expect(sidebarLinks(page)).toHaveText(ALL_ITEMS);
    await expect(page.getByTestId('user-role')).toHaveText('Role: Admin');
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
});

test('a Finance user sees only what Finance can read', async ({ page, signIn }) => {
  await signIn('Finance');
  await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Requests', 'Packages', 'Timesheets', 'Clients', 'Volunteers', 'MAG', 'Compliance']);
  await expect(page.getByTestId('user-role')).toHaveText('Role: Finance');
  await page.goto('/mps');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

test('a Trustee sees Records', async ({ page, signIn }) => {
  await signIn('Trustee');
  await expect(sidebarLinks(page).filter({ hasText: 'Records' })).toHaveCount(1);
});

test('an unknown path shows "Page not found"', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await page.goto('/nonsense');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('signed out, any other path redirects to /', async ({ page }) => {
  await page.goto('/clients');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password is refused on the login page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill('admin@valecare.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That e-mail address and password do not match an account.');
});

test('Sign Out returns to the landing page and the old refresh token no longer works', async ({ page, signInAfresh, request }) => {
  await signInAfresh('Admin');
  const tokens = await storedTokens(page);
  expect(tokens?.refresh_token).toBeTruthy();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await storedTokens(page)).toBeNull();

  const refresh = await request.post('/auth/token', {
    form: { grant_type: 'refresh_token', refresh_token: tokens!.refresh_token, client_id: 'valecare-web' },
  });
  expect(refresh.status()).toBe(400);
  expect((await refresh.json()).error).toBe('invalid_grant');
  // Nor does the ID token: its session has ended.
  expect((await request.get('/trpc/session.me', { headers: { authorization: `Bearer ${tokens!.id_token}` } })).status()).toBe(401);

  // Signing in again asks for the password: the provider's session ended too.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the session lives with the tab: a reload keeps it, no token is in localStorage, another tab reads none of its tokens', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const tokens = await storedTokens(page);
  expect(tokens?.id_token).toBeTruthy();

  await page.reload();
  await expect(page.getByTestId('user-role')).toHaveText('Role: Coordinator');
  expect((await storedTokens(page))?.refresh_token).toBe(tokens!.refresh_token);
  const shared = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  expect(shared).not.toContain('valecare.session.');
  for (const token of [tokens!.id_token, tokens!.access_token, tokens!.refresh_token]) expect(shared).not.toContain(token);

  // Another tab of the same browser reads nothing of this one's session (it joins the sign-in through the provider).
  const otherTab = await page.context().newPage();
  await otherTab.goto('/clients');
  const otherStorage = await otherTab.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  for (const token of [tokens!.id_token, tokens!.access_token, tokens!.refresh_token]) expect(otherStorage).not.toContain(token);
  await expect(page.getByTestId('user-role')).toHaveText('Role: Coordinator');
});

test('a restart keeps users signed in and all data, and an expired token is refreshed afterwards', async ({ page }) => {
  // Two servers started and stopped in turn (22 s under .ci/run): three times that and more.
  test.setTimeout(360_000);
  const dataDir = migratedDataDir();
  const port = 3232;
  let server = await startServer({ port, dataDir });
  try {
    await firstSignInAsPrintedAdmin(page, server);
    const before = await storedTokens(page);
    await page.goto(`${server.url}/clients/create`);
    await page.getByLabel('Name').fill('Kept Across Restarts');
    await page.getByLabel('Date of birth').fill('1941-07-14');
    await page.getByLabel('Post code').fill('TA4 2AB');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await page.waitForURL(`${server.url}/clients`);

    const stopped = server;
    expect(await stopped.stop('SIGTERM'), stopped.output()).toEqual({ code: 0, signal: null });
    server = await startServer({ port, dataDir });
    expect(server.output()).not.toContain('First start');

    // Make the stored tokens look expired: the app must refresh them with the refresh token.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('valecare.session.'))!;
      const user = JSON.parse(sessionStorage.getItem(key)!);
      user.expires_at = Math.floor(Date.now() / 1000) - 600;
      user.profile.exp = user.expires_at;
      sessionStorage.setItem(key, JSON.stringify(user));
    });
    await page.reload();
    await expect(page.getByTestId('user-role')).toHaveText('Role: Admin');
    const after = await storedTokens(page);
    expect(after?.id_token).toBeTruthy();
    expect(after?.id_token).not.toBe(before?.id_token);
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    await page.goto(`${server.url}/clients`);
    await expect(page.getByRole('row', { name: /Kept Across Restarts/ })).toContainText('TA4 2AB');
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
});

test('a record’s address opened signed out, as from an e-mail or a bookmark, is where sign-in lands', async ({ page, signIn, browser }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const client = await api.clients.create.mutate(newClient({ name: 'Winifred Linkwater' }));
  const address = `/clients/edit/${client.id}`;

  const context = await browser.newContext({ baseURL: serverOf(page) });
  const signedOut = await context.newPage();
  try {
    await signedOut.goto(address);
    await expect(signedOut.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await enterPassword(signedOut, e2eUser('Coordinator', 0));
    await signedOut.waitForURL((url) => url.pathname === address);
    await expect(signedOut.getByLabel('Name')).toHaveValue('Winifred Linkwater');
  } finally {
    await context.close();
  }
});

test('a new tab of a signed-in browser opens signed in, where it was opened, without the password; the first tab stays signed in', async ({ page, signInAfresh }) => {
  await signInAfresh('Coordinator');
  const second = await page.context().newPage();
  await second.goto('/clients');
  await expect(second.getByTestId('user-role')).toHaveText('Role: Coordinator');
  await expect(second).toHaveURL(/\/clients$/);
  await expect(second.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  // The first tab's session goes on: a reload keeps it and its calls are answered.
  await page.reload();
  await expect(page.getByTestId('user-role')).toHaveText('Role: Coordinator');
  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(page.getByText('Error loading')).toHaveCount(0);
});

/** Signed out by the app (the Sign In button in the landing page's banner), then signed in again with the password. */
async function signInAgainAfterSessionEnded(page: Page, account: E2eUser) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signInFromBanner(page, account);
}

test('a session ended elsewhere under a form keeps what was typed: signed in again, the person is back on the form with it', async ({ page, browser }) => {
  await signInAs(page, SIGNED_OUT_ELSEWHERE);
  const name = `Kept Draft ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/clients/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1941-02-03');
  await page.getByLabel('Post code').fill('TA4 2AB');
  await page.getByLabel('Phone').fill('01984 333333');

  // The same person signs out everywhere from another computer.
  const elsewhere = await browser.newContext({ baseURL: serverOf(page) });
  try {
    const other = await elsewhere.newPage();
    const api = await withPageToken(other, () => signInAs(other, SIGNED_OUT_ELSEWHERE));
    await api.account.signOutEverywhere.mutate({});
  } finally {
    await elsewhere.close();
  }

  // The save is refused; the tab finds its session over and keeps the form for after sign-in.
  await page.getByRole('button', { name: 'Create Client' }).click();
  await signInAgainAfterSessionEnded(page, SIGNED_OUT_ELSEWHERE);
  await page.waitForURL((url) => url.pathname === '/clients/create');
  await expect(page.getByText(DRAFT_RESTORED)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Post code')).toHaveValue('TA4 2AB');
  await expect(page.getByLabel('Phone')).toHaveValue('01984 333333');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
  await searchList(page, name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('TA4 2AB');
});

test('a session that goes idle under an edit form keeps the change for the same person, who saves it after signing in', async ({ page }) => {
  const api = await withPageToken(page, () => signInAs(page, DRAFT_KEEPER));
  const client = await api.clients.create.mutate(newClient({ name: `Idle Ida ${Math.random().toString(36).slice(2, 7)}` }));
  const address = `/clients/edit/${client.id}`;
  await page.goto(address);
  await page.getByLabel('Phone').fill('01984 444444');

  // Half an hour without a keystroke (the idle limit), then a touch of the mouse: the session ends.
  await page.evaluate((key) => window.localStorage.setItem(key, String(Date.now() - 31 * 60_000)), LAST_ACTIVITY_KEY);
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  await signInAgainAfterSessionEnded(page, DRAFT_KEEPER);
  await page.waitForURL((url) => url.pathname === address);
  await expect(page.getByLabel('Phone')).toHaveValue('01984 444444');
  await expect(page.getByLabel('Name')).toHaveValue(client.details.name);
  await page.getByRole('button', { name: 'Update Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
  await searchList(page, client.details.name);
  await page.getByRole('button', { name: `Actions for ${client.details.name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name: client.details.name }).getByText('01984 444444')).toBeVisible();

  // A sign-out the person chooses keeps nothing: the next sign-in starts at the dashboard, and the form opens as stored.
  await page.goto(address);
  await page.getByLabel('Phone').fill('01984 555555');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signInAgainAfterSessionEnded(page, DRAFT_KEEPER);
  await page.waitForURL('**/dashboard');
  await page.goto(address);
  await expect(page.getByLabel('Name')).toHaveValue(client.details.name);
  await expect(page.getByLabel('Phone')).toHaveValue('01984 444444');
  await expect(page.getByText(DRAFT_RESTORED)).toHaveCount(0);
});
