import { buildApp } from './app';
import { ensureFirstAdmin, FIRST_ADMIN_EMAIL } from './accounts/accounts';
import { openConfiguredDatabase } from './db/open';
import { loadEnv } from './env';
import { carerRemindersJob, remindersJob } from './features/reminders/reminders.job';
import { createJobRunner } from './jobs/job-runner';
import { mailDeliveryJob } from './mail/mail-delivery.job';
import { releaseMemoryWhenIdle } from './idle-memory';
import { createLogger } from './log';

const SHUTDOWN_GRACE_MS = 10_000;
/** What this server runs on a schedule when RUN_JOBS allows. */
const SCHEDULED_JOBS = [mailDeliveryJob, remindersJob, carerRemindersJob];

async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env.logLevel);
  const database = await openConfiguredDatabase(env);
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? env.dataDir : undefined }, 'database ready');

  if (!env.externalOidc) {
    const password = await ensureFirstAdmin(database.db);
    if (password) {
      // Printed once, on the console only: it is never stored in clear.
      console.log(
        `\n  First start: sign in at ${env.publicUrl} as ${FIRST_ADMIN_EMAIL} with password ${password}\n` +
          `  (add real accounts with: npm run user -- add --email … --given-name … --family-name … --role …)\n`,
      );
    }
  }

  const app = await buildApp({ database, env, logger });
  const jobRunner = env.runJobs ? createJobRunner({ db: database.db, env, jobs: SCHEDULED_JOBS, log: logger }) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A connection busy when shutdown began goes idle after its answer; close it then, rather than
    // wait out the keep-alive timeout.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    try {
      await app.close();
      clearInterval(closeIdle);
      await jobRunner?.stop();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  releaseMemoryWhenIdle(app.server);
  await app.listen({ port: env.port, host: env.host });
  await jobRunner?.start();
  console.log(`Valecare is ready at ${env.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
