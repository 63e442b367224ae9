import { z } from 'zod';
import { ID_LETTERS, type IdLetter } from '@/shared/record-kinds';
import { packageUpdate, requestUpdate } from './care';
import { acceptingReadOnly, optionalDate, version } from './common';
import { magLogUpdate, trainingRecordId, trainingRecordInput } from './compliance';
import { carerInput, clientId, clientInput, mpId, volunteerId } from './people';

// The JSON of a whole export (issue 19 item 1): every record in the shape the API reads it (spec §3).
// Each record is checked by the same schemas the services use, one record at a time, so a problem names
// the record it is in; the records lists a read carries (a client's requests, a request's packages, …)
// are derived and accepted unread.

export const TRANSFER_KINDS = ['clients', 'mps', 'volunteers', 'requests', 'packages', 'trainingRecords', 'magLogs'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Set when the person's identifying details were erased; kept by an import so an erasure is not undone. */
const anonymised = z.boolean().optional();

/** People and training records may come without an id (from a spreadsheet): they are then given one. */
const clientRecord = acceptingReadOnly(clientInput.extend({ id: clientId.optional(), version, anonymised }), ['requests', 'magLogs']);
const carerRecord = (id: typeof mpId) => acceptingReadOnly(carerInput.extend({ id: id.optional(), version, anonymised }), ['trainingRecords', 'packages', 'requests', 'compliance', 'exclusions']);
/**
 * The form requires an expiry date (spec §5), but records are "date or empty" (spec §3) and the current
 * system holds some without one: they come in as they are.
 */
const trainingRecord = trainingRecordInput.extend({ id: trainingRecordId.optional(), version, expiryDate: optionalDate });

/** The schema of one record of each kind. Requests, packages and MAG logs only come from a system with ids. */
export const TRANSFER_RECORDS = {
  clients: clientRecord,
  mps: carerRecord(mpId),
  volunteers: carerRecord(volunteerId),
  requests: requestUpdate,
  packages: packageUpdate,
  trainingRecords: trainingRecord,
  magLogs: magLogUpdate,
} as const;

export type TransferRecord<K extends TransferKind> = z.output<(typeof TRANSFER_RECORDS)[K]>;

/**
 * The whole file: one object of arrays, any of them left out meaning none. Its records are checked one by
 * one afterwards (TRANSFER_RECORDS), so one bad record does not hide the problems of the others.
 */
export const transferBundle = z.strictObject(
  Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, z.array(z.unknown()).default([])])) as Record<TransferKind, z.ZodDefault<z.ZodArray<z.ZodUnknown>>>,
);
export type TransferBundle = z.output<typeof transferBundle>;

/** The first letter of each kind's ids: it tells which kind a bare array holds. */
export const ID_PREFIX = {
  clients: ID_LETTERS.client,
  mps: ID_LETTERS.mp,
  volunteers: ID_LETTERS.volunteer,
  requests: ID_LETTERS.request,
  packages: ID_LETTERS.package,
  trainingRecords: ID_LETTERS.trainingRecord,
  magLogs: ID_LETTERS.magLog,
} as const satisfies Record<TransferKind, IdLetter>;
