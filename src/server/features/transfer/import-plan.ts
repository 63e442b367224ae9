import { LOCALITIES, SERVICES } from '@/shared/constants';
import { ID_PREFIX, TRANSFER_KINDS, TRANSFER_RECORDS, type TransferKind, type TransferRecord } from '@/shared/schemas/transfer';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients } from '@/server/db/schema/people';
import type { RecordTable } from '@/server/records/record-lifecycle';
import { type ImportCounts, type ImportIssue, type ImportOptions, type ImportRecords, isObject, type KindCounts } from './import-contract';
import { longDate } from '@/shared/compliance';
import { letOthersIn, SLICE } from './slices';
import { duplicateIndex, inFileMatch, isStored, loadStored, PEOPLE, type PersonKindName, type Stored, trainingRecordKey } from './import-stored';

type Action = 'create' | 'update' | 'skip';

export interface Planned<K extends TransferKind> {
  kind: K;
  index: number;
  /** The id it has in the database once imported (a likely duplicate's is the existing record's). */
  id: string;
  data: TransferRecord<K>;
  action: Action;
  /** The place of the earlier record of the file this one repeats (imported once, as that one). */
  repeatOf?: number;
}

/** What a package's reason in the file comes to: nothing (import-compliance.ts). */
const FILE_OVERRIDE_NOT_KEPT = 'The reason in the file for giving this package to a carer who is not compliant is not kept: the person importing gives their own';

export type PlannedAll = { [K in TransferKind]: Planned<K>[] };

export const TABLE: Record<TransferKind, RecordTable> = {
  clients,
  mps: carers,
  volunteers: carers,
  requests,
  packages,
  trainingRecords,
  magLogs,
};

const LABEL: Record<TransferKind, string> = {
  clients: 'client',
  mps: 'MP',
  volunteers: 'volunteer',
  requests: 'request',
  packages: 'package',
  trainingRecords: 'training record',
  magLogs: 'MAG log',
};

const locality = new Set<string>(LOCALITIES);
const service = new Set<string>(SERVICES);

/**
 * Puts Other for a locality or service the lists do not have (the current system's data may hold old
 * ones), warning about each; the record is changed in place, a copy of the file's.
 */
function otherForUnknown(kind: TransferKind, index: number, record: Record<string, unknown>, warn: (issue: ImportIssue) => void) {
  const id = typeof record.id === 'string' ? record.id : undefined;
  const fixAddress = (address: unknown, column: string) => {
    if (isObject(address) && typeof address.locality === 'string' && !locality.has(address.locality.trim())) {
      warn({ kind, index, id, column, message: `Locality "${address.locality}" is not in the list: imported as Other` });
      address.locality = 'Other';
    }
  };
  const details = record.details;
  if (isObject(details)) {
    fixAddress(details.address, 'details.address.locality');
    if (Array.isArray(details.services)) {
      details.services = details.services.map((name: unknown, i) => {
        if (typeof name !== 'string' || service.has(name)) return name;
        warn({ kind, index, id, column: `details.services.${i}`, message: `Service "${name}" is not in the list: imported as Other` });
        return 'Other';
      });
    }
  }
  if (kind === 'magLogs' && Array.isArray(record.clients)) {
    record.clients.forEach((attendee: unknown, i) => isObject(attendee) && fixAddress(attendee.address, `clients.${i}.address.locality`));
  }
}

/** A record as `leftOut` names it. */
export const recordKey = (kind: TransferKind, index: number) => `${kind} ${index}`;

/**
 * Checks every record and decides what happens to it; nothing is written. Records named in `leftOut` are
 * treated as if the file did not hold them (their places kept, so every finding still names its row).
 */
export async function planImport(db: Executor, records: ImportRecords, options: ImportOptions, leftOut: ReadonlySet<string> = new Set()) {
  const problems: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const stored = await loadStored(db);
  const duplicateOf = duplicateIndex(stored);
  /** Ids in the file that stand for a record already stored under another id (a likely duplicate). */
  const sameAs = new Map<string, string>();
  /** Every id the file holds, valid or not, so a reference to a record with problems is not reported twice. */
  const inFile: Record<TransferKind, Set<string>> = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, new Set<string>()])) as never;
  const planned = Object.fromEntries(TRANSFER_KINDS.map((k) => [k, []])) as unknown as PlannedAll;

  const placeOf = options.placeOf ?? ((kind: TransferKind, index: number) => `${LABEL[kind]} record ${index}`);

  for (const kind of TRANSFER_KINDS) {
    const list = records[kind] ?? [];
    const seen = new Map<string, number>();
    /** The people of the file so far, by what makes two of them the same person. */
    const people = new Map<string, { index: number; id: string }>();
    for (const [i, raw] of list.entries()) {
      if (i > 0 && i % SLICE === 0) await letOthersIn();
      const index = i + 1;
      if (leftOut.has(recordKey(kind, index))) continue;
      const rawId = isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined;
      if (!isObject(raw)) {
        problems.push({ kind, index, column: '', message: `Not a ${LABEL[kind]} record` });
        continue;
      }
      const copy = structuredClone(raw);
      otherForUnknown(kind, index, copy, (w) => warnings.push(w));
      const parsed = TRANSFER_RECORDS[kind].safeParse(copy);
      if (rawId) inFile[kind].add(rawId);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push({ kind, index, id: rawId, column: issue.path.join('.'), message: issue.message });
        continue;
      }
      const data = parsed.data as TransferRecord<typeof kind>;
      if (rawId !== undefined) {
        const first = seen.get(rawId);
        if (first !== undefined) {
          problems.push({ kind, index, id: rawId, column: 'id', message: `The same id as ${LABEL[kind]} record ${first}` });
          continue;
        }
        seen.set(rawId, index);
      }
      const isPerson = (PEOPLE as readonly string[]).includes(kind);
      const match = isPerson ? inFileMatch(kind as PersonKindName, data as TransferRecord<PersonKindName>) : undefined;
      // A record with an id of its own (from an export) is a record of its own, whoever it resembles.
      const repeated = rawId === undefined && match ? people.get(match.key) : undefined;
      if (repeated) {
        // Imported once: the first row stands, and anything naming this one means that one.
        const person = data as TransferRecord<PersonKindName>;
        const who = [person.details.name, person.dateOfBirth ? longDate(person.dateOfBirth) : ''].filter(Boolean).join(', ');
        const place = placeOf(kind, index);
        warnings.push({ kind, index, id: rawId, column: '', message: `${place.charAt(0).toUpperCase()}${place.slice(1)} repeats ${placeOf(kind, repeated.index)}: ${who}` });
        if (rawId) sameAs.set(rawId, repeated.id);
        (planned[kind] as Planned<typeof kind>[]).push({ kind, index, id: repeated.id, data, action: 'skip', repeatOf: repeated.index });
        continue;
      }
      let id = data.id ?? newId(ID_PREFIX[kind]);
      let existing = isStored(stored, kind, id);
      if (!existing && isPerson) {
        const duplicate = duplicateOf(kind as PersonKindName, data as TransferRecord<PersonKindName>);
        if (duplicate) {
          warnings.push({ kind, index, id: rawId, column: '', message: `Likely the same ${LABEL[kind]} as ${duplicate.id} (${duplicate.why}): ${options.onDuplicate === 'skip' ? 'skipped' : 'updated'}` });
          if (rawId) sameAs.set(rawId, duplicate.id);
          id = duplicate.id;
          existing = true;
        }
      }
      if (!existing && kind === 'trainingRecords' && data.id === undefined) {
        const record = data as TransferRecord<'trainingRecords'>;
        const same = stored.trainingRecordKeys.get(trainingRecordKey(sameAs.get(record.ownerId) ?? record.ownerId, record.details.recordName, record.expiryDate));
        if (same) {
          warnings.push({ kind, index, column: '', message: `Likely the same training record as ${same} (the same person, type and expiry date): ${options.onDuplicate === 'skip' ? 'skipped' : 'updated'}` });
          id = same;
          existing = true;
        }
      }
      const action: Action = existing ? (options.onDuplicate === 'update' ? 'update' : 'skip') : 'create';
      if (match && !people.has(match.key)) people.set(match.key, { index, id });
      if (action === 'update') {
        const moved = movedParent(kind, id, data, stored, sameAs);
        if (moved) problems.push({ kind, index, id: rawId, column: moved.column, message: moved.message });
      }
      // Anyone can write a reason, a trustee's address and a date into a file: the schemas leave it out, and it is said.
      for (const column of kind === 'packages' ? ['complianceOverride', 'override'] : []) {
        if (raw[column] != null) warnings.push({ kind, index, id: rawId, column, message: FILE_OVERRIDE_NOT_KEPT });
      }
      (planned[kind] as Planned<typeof kind>[]).push({ kind, index, id, data, action });
    }
  }

  checkReferences(planned, stored, inFile, problems);
  return { problems, warnings, planned, stored, sameAs };
}

/**
 * A stored request keeps its client and a package its request, as the services insist (a change of either
 * is a new request or package): an update that would move one is a problem.
 */
function movedParent(kind: TransferKind, id: string, data: TransferRecord<TransferKind>, stored: Stored, sameAs: Map<string, string>) {
  if (kind === 'requests') {
    const clientId = (data as TransferRecord<'requests'>).clientId;
    const storedClient = stored.requests.get(id);
    if (storedClient !== (sameAs.get(clientId) ?? clientId)) return { column: 'clientId', message: `The client of a request cannot be changed (it is ${storedClient})` };
  }
  if (kind === 'packages') {
    const storedRequest = stored.packages.get(id);
    if (storedRequest !== (data as TransferRecord<'packages'>).requestId) return { column: 'requestId', message: `The request of a package cannot be changed (it is ${storedRequest})` };
  }
  return undefined;
}

/** Every reference must name a record in the file or the database (of the right kind). */
function checkReferences(planned: PlannedAll, stored: Stored, inFile: Record<TransferKind, Set<string>>, problems: ImportIssue[]) {
  const known = (kinds: TransferKind[], id: string) => kinds.some((k) => inFile[k].has(id) || isStored(stored, k, id));
  const check = (p: Planned<TransferKind>, column: string, kinds: TransferKind[], id: string, what: string) => {
    if (!known(kinds, id)) problems.push({ kind: p.kind, index: p.index, id: p.data.id, column, message: `No ${what} ${id} in the file or the database` });
  };
  for (const p of planned.requests) check(p, 'clientId', ['clients'], p.data.clientId, 'client');
  for (const p of planned.packages) {
    check(p, 'requestId', ['requests'], p.data.requestId, 'request');
    check(p, 'carerId', ['mps', 'volunteers'], p.data.carerId, 'MP or volunteer');
    const { funderId } = p.data.details;
    if (funderId && !stored.funders.has(funderId)) problems.push({ kind: 'packages', index: p.index, id: p.data.id, column: 'details.funderId', message: `No funder ${funderId} in the database` });
  }
  for (const p of planned.trainingRecords) check(p, 'ownerId', ['mps', 'volunteers'], p.data.ownerId, 'MP or volunteer');
  for (const p of planned.magLogs) {
    const lists = [
      ['clients', 'clients', 'client'],
      ['mps', 'mps', 'MP'],
      ['volunteers', 'volunteers', 'volunteer'],
    ] as const;
    for (const [list, kind, what] of lists) {
      p.data[list].forEach((attendee, i) => {
        // A log keeps its copy of someone later deleted: with the name copied, it stands without the record.
        if (attendee.name === undefined) check(p, `${list}.${i}.id`, [kind], attendee.id, what);
      });
    }
  }
}

export function countActions(planned: PlannedAll): ImportCounts {
  return Object.fromEntries(
    TRANSFER_KINDS.map((kind) => {
      const counts: KindCounts = { create: 0, update: 0, skip: 0 };
      for (const p of planned[kind]) counts[p.action] += 1;
      return [kind, counts];
    }),
  ) as ImportCounts;
}
