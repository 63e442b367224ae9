import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './server';

/** The carer's own phone: Chromium with a profile on disk (storage, the app's worker), 390 px wide, on the office's clock. */
export function openPhone(profile: string, { offline = false, baseURL = E2E_BASE_URL } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Europe/London',
    offline,
  });
}

export const phonePage = (context: BrowserContext): Page => context.pages()[0] ?? (undefined as never);
