import { expect, type Page, test as base } from '@playwright/test';
import type { Role } from '@/shared/permissions';
import { e2eUser } from './users';

/** Signs in through the real hosted login page, as a person would. */
export async function signInAs(page: Page, credentials: { email: string; password: string }, baseUrl = '') {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

export const test = base.extend<{ signIn: (role: Role) => Promise<void> }>({
  signIn: async ({ page }, use) => {
    await use((role) => signInAs(page, e2eUser(role)));
  },
});

export { expect };
