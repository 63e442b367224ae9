import { expect, type Page, test as base } from '@playwright/test';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@/server/app-router';
import type { StaffRole as Role } from '@/shared/permissions';
import { e2eUser, type E2eUser, freshTotpCode, seatFor } from './users';

type Credentials = Pick<E2eUser, 'email' | 'password' | 'totpSecret'>;

/** A screen as it is, at a small phone's width, a common phone's and a desk's, among the test's files. */
export async function screenshotsOf(page: Page, name: string) {
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: base.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The server a page is on, as the used-code memory names it. */
export function serverOf(page: Page): string {
  return new URL(page.url()).origin;
}

/** From the landing page through the hosted login page's e-mail and password step. */
export async function enterPassword(page: Page, credentials: Pick<Credentials, 'email' | 'password'>, baseUrl = '') {
  await page.goto(`${baseUrl}/`);
  await signInFromBanner(page, credentials);
}

/** From the landing page already on screen (as the app leaves a tab whose session ended): Sign In, e-mail and password. */
export async function signInFromBanner(page: Page, credentials: Pick<Credentials, 'email' | 'password'>) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await fillSignInForm(page, credentials);
}

/** The hosted login page's first step, once it is on its way: e-mail and password, then Sign in. */
export async function fillSignInForm(page: Page, credentials: Pick<Credentials, 'email' | 'password'>) {
  // The page comes at the end of the sign-in's redirects, each answered by a server the other tests keep busy too.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('E-mail address').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On the page a password link opens (an invitation or a reset): the new password, typed twice, and Set password. */
export async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
}

/** The second step: a code from the authenticator app, computed from its secret. */
export async function enterCode(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function enterAppCode(page: Page, credentials: Credentials) {
  await enterCode(page, await freshTotpCode(credentials.totpSecret!, { server: serverOf(page), email: credentials.email }));
}

/**
 * Sets up two-step sign-in as a person would with an authenticator app: reads the key shown under the
 * QR code, enters the app's code, and keeps the recovery codes shown once. Returns the key and codes.
 */
export async function setUpTwoStepSignIn(
  page: Page,
  email: string,
  /** Runs on the recovery codes page before going on (to check what it offers). */
  onRecoveryCodesPage?: (recoveryCodes: string[]) => Promise<void>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code to add Valecare for ${email} to an authenticator app` })).toBeVisible();
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(await freshTotpCode(secret, { server: serverOf(page), email }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await onRecoveryCodesPage?.(recoveryCodes);
  await page.getByRole('link', { name: 'I have saved my codes, continue' }).click();
  return { secret, recoveryCodes };
}

/** Signs in through the real hosted login page, as a person would, with the app's code where the account has one. */
export async function signInAs(page: Page, credentials: Credentials, baseUrl = '') {
  await enterPassword(page, credentials, baseUrl);
  if (credentials.totpSecret) await enterAppCode(page, credentials);
  await page.waitForURL('**/dashboard');
}

// Sign-ins as a role that needs a code take the worker's seats in turn (see users.ts).
let signInsThisWorker = 0;

/** The signed-in tab's session as the web app keeps it (its sessionStorage), kept per role by each worker. */
interface KeptSession {
  user: E2eUser;
  entries: [string, string][];
  signedInAt: number;
}
const keptSessions = new Map<Role, KeptSession>();

/**
 * How long a kept session is used for: ID tokens last 15 minutes and the web app renews them one minute
 * before, so no test that starts within ten minutes of the sign-in lives to renew it (which would leave
 * the kept copy's refresh token spent).
 */
const KEEP_SESSION_MS = 10 * 60_000;

/** Set in the tab once the kept session was put in, so that it is put in once: after a sign-out the tab stays signed out. */
const KEPT_SESSION_MARK = 'e2e.kept-session';

/** Signs in through the login page as the role (a seat of it), and keeps the tab's session for the worker's next tests. */
async function signInAndKeep(page: Page, role: Role, workerIndex: number): Promise<E2eUser> {
  const user = e2eUser(role, seatFor(role, workerIndex, signInsThisWorker++));
  await signInAs(page, user);
  const entries = await page.evaluate(() => Object.entries(sessionStorage).filter(([key]) => key.startsWith('valecare.session.')));
  keptSessions.set(role, { user, entries, signedInAt: Date.now() });
  return user;
}

/** Opens the dashboard in this tab signed in with the role's kept session, as a reload of that signed-in tab would. */
async function openWithKeptSession(page: Page, kept: KeptSession): Promise<E2eUser> {
  await page.addInitScript(
    ({ entries, mark }) => {
      if (sessionStorage.getItem(mark)) return;
      for (const [key, value] of entries) sessionStorage.setItem(key, value);
      sessionStorage.setItem(mark, '1');
    },
    { entries: kept.entries, mark: KEPT_SESSION_MARK },
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-role')).toHaveText(`Role: ${kept.user.role}`);
  return kept.user;
}

/**
 * `signIn(role)` gives a test a tab signed in as the role and the account used (roles that sign in with a code
 * use one of several). Each worker signs in through the login page once per role, and later tests reuse that
 * session, as a reload of the tab would: sign-in itself is what the auth, two-step and account tests check, and
 * they sign in afresh (`signInAfresh`, or signInAs for accounts of their own). A test that ends its session
 * (signing out) signs in afresh.
 */
export const test = base.extend<{ signIn: (role: Role) => Promise<E2eUser>; signInAfresh: (role: Role) => Promise<E2eUser> }>({
  signIn: async ({ page }, use, testInfo) => {
    await use(async (role) => {
      const kept = keptSessions.get(role);
      if (kept && Date.now() - kept.signedInAt < KEEP_SESSION_MS) return openWithKeptSession(page, kept);
      return signInAndKeep(page, role, testInfo.parallelIndex);
    });
  },
  signInAfresh: async ({ page }, use, testInfo) => {
    await use(async (role) => {
      const user = e2eUser(role, seatFor(role, testInfo.parallelIndex, signInsThisWorker++));
      await signInAs(page, user);
      return user;
    });
  },
});

/**
 * Types `text` into the list's search box, as staff do in a long list: a list draws only the rows in view,
 * and the shared test server's lists grow with every test.
 */
export async function searchList(page: Page, text: string) {
  await page.getByRole('searchbox').fill(text);
}

/** Opens the Actions menu of the list row named `name`. */
export async function openRowMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
}

/** Opens the view of the list row named `name` from its Actions menu, and returns the dialog (named `dialogName`, else as the row). */
export async function openRowView(page: Page, name: string, dialogName = name) {
  await openRowMenu(page, name);
  await page.getByRole('menuitem', { name: 'View' }).click();
  return page.getByRole('dialog', { name: dialogName });
}

const LIST_OF = { Client: '/clients', MP: '/mps', Volunteer: '/volunteers' } as const;

/**
 * A client's, an MP's or a volunteer's form, open already, filled with what it requires (and any other text fields by
 * their labels) and saved: the page is back at the list.
 */
export async function saveNewPerson(
  page: Page,
  kind: keyof typeof LIST_OF,
  name: string,
  { dateOfBirth = '1936-04-12', postCode = 'TA4 2AB', fill = {} }: { dateOfBirth?: string; postCode?: string; fill?: Record<string, string> } = {},
) {
  // Wait for the form: until then "Name" would also find the list's "Filter Name" box.
  await expect(page.getByRole('heading', { name: `Add ${kind}` })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await page.getByLabel('Post code').fill(postCode);
  for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: `Create ${kind}` }).click();
  await page.waitForURL((url) => url.pathname === LIST_OF[kind]);
}

export type Api = ReturnType<typeof createTRPCClient<AppRouter>>;

/** Runs `signIn` and returns an API client with the bearer token the page then sends, to set up records quickly. */
export async function withPageToken(page: Page, signIn: () => Promise<unknown>): Promise<Api> {
  const authorised = page.waitForRequest((request) => request.url().includes('/trpc/') && /^Bearer \S+/.test(request.headers().authorization ?? ''));
  await signIn();
  const authorization = (await authorised).headers().authorization!;
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: new URL('/trpc', page.url()).href, headers: { authorization } })] });
}

export { expect };
