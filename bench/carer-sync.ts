/**
 * The carer app's part of `npm run bench`: its JavaScript, `carerApp.sync` by itself (calls of 100 new visits), and
 * the fleet of phones under faults (bench/carer-phones.ts), on PGlite.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createServerStorage } from '@/server/test/server-storage';
import { type FleetReport, runFleet, timeFullBatches } from './carer-phones';
import { CLIENT_DIST, type ScriptSet, scriptSet } from './frontend';

export interface CarerAppSettings {
  carers: number;
  visitsPerCarer: number;
  serverKills: number;
  /** Calls of 100 new visits timed by themselves. */
  fullBatches: number;
}

export interface CarerAppFigures {
  settings: CarerAppSettings;
  /** Every JavaScript file of the carer app: the service worker keeps the whole app on the phone. */
  scripts: ScriptSet;
  /** carerApp.sync, 100 new visits a call, one call at a time. */
  fullBatchMs: number[];
  fleet: FleetReport;
}

export function carerAppScripts(): ScriptSet {
  const assets = path.join(CLIENT_DIST, 'carer', 'assets');
  return scriptSet(readdirSync(assets).filter((name) => name.endsWith('.js')).map((name) => `carer/assets/${name}`));
}

export async function measureCarerApp(settings: CarerAppSettings, progress: (message: string) => void): Promise<CarerAppFigures> {
  // PGlite (createServerStorage's own choice outside the PostgreSQL test pass): the database a charity's one server runs on.
  const storage = () => createServerStorage('carersync');
  progress(`carer app: ${settings.fullBatches} calls of 100 new visits`);
  const alone = await storage();
  const fullBatchMs = await timeFullBatches(alone.database, settings.fullBatches).finally(() => alone.remove());
  progress(`carer app: ${settings.carers} phones × ${settings.visitsPerCarer} visits under faults, the server killed ${settings.serverKills} times`);
  const fleetStorage = await storage();
  const fleet = await runFleet({ carers: settings.carers, visitsPerCarer: settings.visitsPerCarer, serverKills: settings.serverKills, database: fleetStorage.database }).finally(() =>
    fleetStorage.remove(),
  );
  return { settings, scripts: carerAppScripts(), fullBatchMs, fleet };
}
