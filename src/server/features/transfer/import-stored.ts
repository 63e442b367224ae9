import { asc } from 'drizzle-orm';
import { ID_PREFIX, type TransferKind, type TransferRecord } from '@/shared/schemas/transfer';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { funders, packages, requests } from '@/server/db/schema/care';
import { magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients } from '@/server/db/schema/people';
import { isObject } from './import-contract';

// What the database already holds that an import checks its records against, and how it finds a likely duplicate.

export const PEOPLE = ['clients', 'mps', 'volunteers'] as const;
export type PersonKindName = (typeof PEOPLE)[number];

/** Value equality for stored values: key order does not count (JSON columns reorder keys). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) && !(v instanceof Date) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** A likely duplicate is the same person: same name (case and spacing aside) and date of birth. */
function personKey(name: string, dateOfBirth: string | null): string | undefined {
  return dateOfBirth ? `${name.trim().toLowerCase().replace(/\s+/g, ' ')}|${dateOfBirth}` : undefined;
}

export type ClientRow = typeof clients.$inferSelect;
export type CarerRow = typeof carers.$inferSelect;

/** What the database holds that an import checks against. */
export interface Stored {
  clients: Map<string, ClientRow>;
  carers: Map<string, CarerRow>;
  /** Request id → client id. */
  requests: Map<string, string>;
  /** Package id → request id. */
  packages: Map<string, string>;
  /** Package id → the carer it is given to. */
  packageCarers: Map<string, string>;
  ids: Record<'trainingRecords' | 'magLogs', Set<string>>;
  /** Training record id by owner, type and expiry date: a record without an id that has all three is the same. */
  trainingRecordKeys: Map<string, string>;
  /** The funders on the list, which the file's packages may name (the file does not carry the list). */
  funders: Set<string>;
}

export async function loadStored(db: Executor): Promise<Stored> {
  const clientRows = await selectRowsAsJson(db, clients, undefined, [asc(clients.id)]);
  const carerRows = await selectRowsAsJson(db, carers, undefined, [asc(carers.id)]);
  const requestRows = await db.select({ id: requests.id, clientId: requests.clientId }).from(requests);
  const packageRows = await db.select({ id: packages.id, requestId: packages.requestId, carerId: packages.carerId }).from(packages);
  const logIds = await db.select({ id: magLogs.id }).from(magLogs);
  const funderIds = await db.select({ id: funders.id }).from(funders);
  const recordRows = await db
    .select({ id: trainingRecords.id, ownerId: trainingRecords.ownerId, recordName: trainingRecords.recordName, expiryDate: trainingRecords.expiryDate })
    .from(trainingRecords);
  return {
    clients: new Map(clientRows.map((r) => [r.id, r])),
    carers: new Map(carerRows.map((r) => [r.id, r])),
    requests: new Map(requestRows.map((r) => [r.id, r.clientId])),
    packages: new Map(packageRows.map((r) => [r.id, r.requestId])),
    packageCarers: new Map(packageRows.map((r) => [r.id, r.carerId])),
    ids: { trainingRecords: new Set(recordRows.map((r) => r.id)), magLogs: new Set(logIds.map((r) => r.id)) },
    trainingRecordKeys: new Map(recordRows.map((r) => [trainingRecordKey(r.ownerId, r.recordName, r.expiryDate ?? ''), r.id])),
    funders: new Set(funderIds.map((r) => r.id)),
  };
}

export function trainingRecordKey(ownerId: string, recordName: string, expiryDate: string): string {
  return `${ownerId}|${recordName}|${expiryDate}`;
}

export function isStored(stored: Stored, kind: TransferKind, id: string): boolean {
  if (kind === 'clients') return stored.clients.has(id);
  if (kind === 'mps' || kind === 'volunteers') return stored.carers.has(id);
  if (kind === 'requests') return stored.requests.has(id);
  if (kind === 'packages') return stored.packages.has(id);
  return stored.ids[kind].has(id);
}

/** A key a person is found by, and the words for what two people found by it share. */
interface PersonMatch {
  key: string;
  why: string;
}

/** A client's custom ID (the charity's own number for them), as compared. */
function customIdMatch(customId: string): PersonMatch | undefined {
  const trimmed = customId.trim();
  return trimmed ? { key: `c|id|${trimmed.toLowerCase()}`, why: `the same custom ID (${trimmed})` } : undefined;
}

function nameAndBirthMatch(prefix: string, name: string, dateOfBirth: string | null): PersonMatch | undefined {
  const key = personKey(name, dateOfBirth);
  return key ? { key: `${prefix}|${key}`, why: 'the same name and date of birth' } : undefined;
}

const customIdOf = (kind: PersonKindName, data: TransferRecord<PersonKindName>) => (kind === 'clients' ? (data as TransferRecord<'clients'>).details.customId : '');

/**
 * Two records of a file are the same person when they have the same custom ID, or, where there is none,
 * the same name and date of birth.
 */
export function inFileMatch(kind: PersonKindName, data: TransferRecord<PersonKindName>): PersonMatch | undefined {
  return customIdMatch(customIdOf(kind, data)) ?? nameAndBirthMatch(ID_PREFIX[kind], data.details.name, data.dateOfBirth || null);
}

/** The stored people a new record may duplicate: by custom ID (clients), then by name and date of birth. */
export function duplicateIndex(stored: Stored) {
  const found = new Map<string, string>();
  const add = (match: PersonMatch | undefined, id: string) => match && found.set(match.key, id);
  for (const row of stored.clients.values()) {
    add(customIdMatch(row.customId), row.id);
    add(nameAndBirthMatch(ID_PREFIX.clients, row.name, row.dateOfBirth), row.id);
  }
  for (const row of stored.carers.values()) add(nameAndBirthMatch(row.id[0]!, row.name, row.dateOfBirth), row.id);
  return (kind: PersonKindName, data: TransferRecord<PersonKindName>): { id: string; why: string } | undefined => {
    for (const match of [customIdMatch(customIdOf(kind, data)), nameAndBirthMatch(ID_PREFIX[kind], data.details.name, data.dateOfBirth || null)]) {
      const id = match && found.get(match.key);
      if (id) return { id, why: match.why };
    }
    return undefined;
  };
}
