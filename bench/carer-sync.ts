/**
 * The carer app's part of `npm run bench`: its JavaScript, `carerApp.sync` by itself (calls of 100 new visits), and
 * the fleet of phones under faults (bench/carer-phones.ts), on PGlite.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createServerStorage } from '@/server/test/server-storage';
import { type FleetReport, runFleet, timeFullBatches } from './carer-phones';
import { type ScriptSet, scriptSet } from './bytes-as-sent';
import { CLIENT_DIST } from './frontend';

export interface CarerAppSettings {
  carers: number;
  visitsPerCarer: number;
  serverKills: number;
  /** Carers whose access the office ends mid-run, their phones holding visits. */
  accessEndings: number;
  /** Calls of 100 new visits timed by themselves. */
  fullBatches: number;
}

export interface CarerAppFigures {
  settings: CarerAppSettings;
  /** Every JavaScript file of the carer app, as sent: the service worker keeps the whole app on the phone. */
  scripts: ScriptSet;
  /** carerApp.sync, 100 new visits a call, one call at a time. */
  fullBatchMs: number[];
  fleet: FleetReport;
}

/** The carer app's JavaScript as the server at `baseUrl` sends it: every script of the build, and the service worker. */
export function carerAppScripts(baseUrl: string): Promise<ScriptSet> {
  const assets = path.join(CLIENT_DIST, 'carer', 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js')).map((name) => `carer/assets/${name}`);
  return scriptSet(baseUrl, [...scripts, 'carer/sw.js']);
}

/** The sync and the phones under faults; the scripts were measured from the server the front end was (carerAppScripts). */
export async function measureCarerApp(settings: CarerAppSettings, scripts: ScriptSet, progress: (message: string) => void): Promise<CarerAppFigures> {
  // PGlite (createServerStorage's own choice outside the PostgreSQL test pass): the database a charity's one server runs on.
  const storage = () => createServerStorage('carersync');
  progress(`carer app: ${settings.fullBatches} calls of 100 new visits`);
  const alone = await storage();
  const fullBatchMs = await timeFullBatches(alone.database, settings.fullBatches).finally(() => alone.remove());
  progress(
    `carer app: ${settings.carers} phones × ${settings.visitsPerCarer} visits under faults, the server killed ${settings.serverKills} times, ${settings.accessEndings} carers' access ended`,
  );
  const fleetStorage = await storage();
  const { carers, visitsPerCarer, serverKills, accessEndings } = settings;
  const fleet = await runFleet({ carers, visitsPerCarer, serverKills, accessEndings, database: fleetStorage.database }).finally(() => fleetStorage.remove());
  return { settings, scripts, fullBatchMs, fleet };
}
