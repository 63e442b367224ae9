import type { SessionUser } from '@/shared/session';
import type { Database } from '@/server/db/client';

/** What every service needs: the database, who is acting, and today's date in the charity's time zone. */
export interface ServiceContext {
  db: Database;
  actor: SessionUser;
  today: string;
  /** Areas in this decile or below count as deprived (DESIGN §3). */
  deprivationMaxDecile: number;
}
