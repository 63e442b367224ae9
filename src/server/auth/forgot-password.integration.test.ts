import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freeLoopbackPort, type ServerProcess, startServerProcess } from '@/server/launch';
import { createServerStorage, openServerDatabase } from '@/server/test/server-storage';
import { signInOverHttp } from '@/server/test/http-sign-in';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { FORGOT_PASSWORD_PATH } from './auth-pages';
import { RESET_REQUESTS_PER_EMAIL } from '@/server/accounts/password-links';
import { PASSWORD_PAGE_MESSAGES } from './password-pages';
import { PASSWORD_MESSAGES } from '@/server/accounts/password-policy';
import { addUser } from '@/server/accounts/accounts';

/** Staff who forget their password; each test uses its own. */
const STAFF = ['ann', 'bea', 'cal', 'dee'].map((name) => ({ email: `${name}@valecare.test`, password: `${name}-old-password` }));
const [ANN, BEA, CAL, DEE] = STAFF as [(typeof STAFF)[number], (typeof STAFF)[number], (typeof STAFF)[number], (typeof STAFF)[number]];
const SENT = 'If an account uses that address, we have sent it a link';

let storage: Awaited<ReturnType<typeof createServerStorage>>;
let server: ServerProcess;
let smtp: TestSmtp;

beforeAll(async () => {
  storage = await createServerStorage('forgot');
  // The accounts exist before the server starts, as `npm run user` would have made them.
  const connection = await openServerDatabase(storage.database);
  for (const person of STAFF) {
    await addUser(connection.db, { ...person, givenName: person.email.split('@')[0]!, familyName: 'Lee', role: 'Coordinator' });
  }
  await connection.close();
  smtp = await startTestSmtp();
  server = await startServerProcess({ port: await freeLoopbackPort(), database: storage.database, env: { SMTP_URL: smtp.url, CHARITY_NAME: 'Vale Care' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await storage?.remove();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A form sent as a browser sends it, from the server's own address (so no client shares another test's limits). */
async function send(method: 'GET' | 'POST', pathOrUrl: string, form?: Record<string, string>) {
  const response = await fetch(new URL(pathOrUrl, server.url), {
    method,
    redirect: 'manual',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: response.status, body: await response.text() };
}

const askForLink = (email: string) => send('POST', FORGOT_PASSWORD_PATH, { email });

/** The link in the message that arrives at the address through SMTP. */
async function linkArriving(email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const message = smtp.received.find((m) => m.to.includes(email));
    if (message) {
      const content = readableContent(message);
      expect(content).toContain('Subject: Vale Care: reset your Valecare password');
      const link = new RegExp(`${server.url}/auth/password/[A-Za-z0-9_-]+`).exec(content)?.[0];
      if (!link) throw new Error(`no link in the message:\n${content}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no message arrived for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const setPassword = (link: string, password: string, confirm = password) => send('POST', link, { password, confirm });

describe('Forgot your password? on a running server', () => {
  it('e-mails a link that sets a new password: signing in with it works, and with the old one does not', async () => {
    const answer = await askForLink(ANN.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(SENT);
    const link = await linkArriving(ANN.email);

    const page = await send('GET', link);
    expect(page.body).toContain('New password');
    expect(page.body).toContain('Confirm new password');
    const set = await setPassword(link, 'anns new passphrase');
    expect(set.status).toBe(200);
    expect(set.body).toContain('Your password is set');

    expect(await signInOverHttp(server.url, { email: ANN.email, password: 'anns new passphrase' })).toBeTruthy();
    await expect(signInOverHttp(server.url, ANN)).rejects.toThrow('was refused (401)');
  }, 60_000);

  it('answers an unknown address the same, and sends nothing', async () => {
    const known = await askForLink(BEA.email);
    const unknown = await askForLink('nobody@valecare.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toBe(known.body);
    await linkArriving(BEA.email);
    // The known address's message has arrived; the unknown one's would have gone out with it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received.map((m) => m.to)).toEqual([[BEA.email]]);
  }, 60_000);

  it('a used link shows a clear page and changes nothing', async () => {
    await askForLink(CAL.email);
    const link = await linkArriving(CAL.email);
    expect((await setPassword(link, 'cals new passphrase')).status).toBe(200);

    for (const again of [await send('GET', link), await setPassword(link, 'cals other passphrase')]) {
      expect(again.status).toBe(410);
      expect(again.body).toContain('This link has expired or has already been used');
    }
    await expect(signInOverHttp(server.url, { email: CAL.email, password: 'cals other passphrase' })).rejects.toThrow('was refused (401)');
    expect(await signInOverHttp(server.url, { email: CAL.email, password: 'cals new passphrase' })).toBeTruthy();
  }, 60_000);

  it('refuses a 12-character common password on the link page, and a mismatch, then takes a good one', async () => {
    await askForLink(DEE.email);
    const link = await linkArriving(DEE.email);
    const common = await setPassword(link, 'password1234');
    expect(common.status).toBe(400);
    expect(common.body).toContain(PASSWORD_MESSAGES.tooCommon);
    const mismatch = await setPassword(link, 'dees new passphrase', 'dees new passphrasE');
    expect(mismatch.body).toContain(PASSWORD_PAGE_MESSAGES.mismatch);
    await expect(signInOverHttp(server.url, { email: DEE.email, password: 'password1234' })).rejects.toThrow('was refused (401)');

    expect((await setPassword(link, 'dees new passphrase')).status).toBe(200);
    expect(await signInOverHttp(server.url, { email: DEE.email, password: 'dees new passphrase' })).toBeTruthy();
  }, 60_000);

  it(`limits an address to ${RESET_REQUESTS_PER_EMAIL} links an hour`, async () => {
    const email = 'asks-often@valecare.test';
    for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) expect((await askForLink(email)).status).toBe(200);
    const limited = await askForLink(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain(PASSWORD_PAGE_MESSAGES.tooManyForEmail);
  });
});
