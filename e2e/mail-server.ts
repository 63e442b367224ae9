import { expect } from '@playwright/test';
import type { Database } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import { freeLoopbackPort } from '@/server/launch';
import { readableContent, startTestSmtp, type TestSmtp } from '@/server/test/smtp';
import { migratedDataDir, removeDataDir, type RunningServer, startServer } from './server';

/**
 * The shared e2e server sends no mail, so the files that follow an e-mail start their own server, with
 * SMTP_URL pointing at a real SMTP server the test runs and reads.
 */
export interface MailServer {
  url: string;
  smtp: TestSmtp;
  /** Stops the server, changes its data as time or another process would have, and starts it again on the same address. */
  whileStopped: (change: (db: Database) => Promise<void>) => Promise<void>;
  /** The link to `/auth/password/…` in the message with this subject that reaches the address. */
  linkArriving: (email: string, subject: string) => Promise<string>;
  close: () => Promise<void>;
}

const openData = (dataDir: string) => openConfiguredDatabase(loadEnv({ DATA_DIR: dataDir }));

export async function startMailServer(seed: (db: Database) => Promise<void>): Promise<MailServer> {
  const dataDir = migratedDataDir();
  const database = await openData(dataDir);
  await seed(database.db);
  await database.close();
  const smtp = await startTestSmtp();
  const port = await freeLoopbackPort();
  const start = () => startServer({ port, dataDir, env: { SMTP_URL: smtp.url, CHARITY_NAME: 'Vale Care' } });
  let server: RunningServer = await start();

  return {
    url: server.url,
    smtp,
    whileStopped: async (change) => {
      await server.stop();
      const stopped = await openData(dataDir);
      try {
        await change(stopped.db);
      } finally {
        await stopped.close();
      }
      server = await start();
    },
    linkArriving: async (email, subject) => {
      let content = '';
      await expect(async () => {
        const message = smtp.received.findLast((m) => m.to.includes(email));
        expect(message, `a message to ${email}`).toBeDefined();
        content = readableContent(message!);
      }).toPass({ timeout: 30_000 });
      expect(content).toContain(`Subject: ${subject}`);
      const link = new RegExp(`${server.url}/auth/password/[A-Za-z0-9_-]+`).exec(content)?.[0];
      expect(link, 'the link in the message').toBeDefined();
      return link!;
    },
    close: async () => {
      await server.stop();
      await smtp.close();
      removeDataDir(dataDir);
    },
  };
}
