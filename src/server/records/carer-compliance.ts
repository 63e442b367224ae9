// A carer's compliance (shared/compliance.ts) as the services read it: the settings, and many carers at once.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { carerCompliance, type Compliance, type ComplianceSettings, DEFAULT_COMPLIANCE_SETTINGS, type TrainingType } from '@/shared/compliance';
import { complianceSettings as settingsSchema } from '@/shared/schemas/compliance';
import type { Executor } from '@/server/db/client';
import { complianceSettings } from '@/server/db/schema/compliance';
import { trainingRecords } from '@/server/db/schema/training';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import { notEndedYet } from './care.mappers';
import { notFound } from './record-errors';
import { settingsRow } from './settings-row';
import type { RecordContext } from './service-context';

/** The Admin's compliance settings: stored, or the defaults. */
export const complianceSettingsRow = settingsRow(complianceSettings, settingsSchema, DEFAULT_COMPLIANCE_SETTINGS);

export function getComplianceSettings(db: Executor): Promise<ComplianceSettings> {
  return complianceSettingsRow.read(db);
}

/** What the rule reads of a carer row. */
export interface CarerDates {
  id: string;
  dbsExpiry: string | null;
  publicLiabilityExpiry: string | null;
}

/** A carer's training records that count, by the carer's id. */
export type TrainingByOwner = Map<string, { recordName: string; expiryDate: string }[]>;

/**
 * The compliance of many carers in one pass: one query for the required training records of all of them
 * (none when no training is required, or when the caller gives the records, as an import does with its own),
 * then the shared rule for each.
 */
export async function complianceOfCarers(db: Executor, rows: CarerDates[], today: string, settings?: ComplianceSettings, given?: TrainingByOwner): Promise<Map<string, Compliance>> {
  const rules = settings ?? (await getComplianceSettings(db));
  const required = [...new Set<TrainingType>([...rules.requiredTrainingMps, ...rules.requiredTrainingVolunteers])];
  const training: TrainingByOwner = given ?? new Map();
  if (!given && required.length && rows.length) {
    const records = await db
      .select({ ownerId: trainingRecords.ownerId, recordName: trainingRecords.recordName, expiryDate: trainingRecords.expiryDate })
      .from(trainingRecords)
      .where(
        and(
          eq(trainingRecords.archived, 'N'),
          inArray(trainingRecords.recordName, required),
          // Every carer's records for a long list: cheaper than thousands of parameters.
          rows.length > 200 ? undefined : inArray(trainingRecords.ownerId, rows.map((r) => r.id)),
        ),
      );
    for (const r of records) training.set(r.ownerId, [...(training.get(r.ownerId) ?? []), { recordName: r.recordName, expiryDate: r.expiryDate ?? '' }]);
  }
  return new Map(
    rows.map((row) => [
      row.id,
      carerCompliance(
        {
          kind: carerKindOf(row.id)!,
          dbsExpiry: row.dbsExpiry ?? '',
          publicLiabilityExpiry: row.publicLiabilityExpiry ?? '',
          training: training.get(row.id) ?? [],
        },
        rules,
        today,
      ),
    ]),
  );
}

/** Each row with its compliance, computed in one pass. */
export async function withCompliance<R extends CarerDates>(db: Executor, rows: R[], today: string): Promise<(R & { compliance: Compliance })[]> {
  const found = await complianceOfCarers(db, rows, today);
  return rows.map((row) => ({ ...row, compliance: found.get(row.id)! }));
}

/** A carer on record (an MP or a volunteer: the id schema already insists on m or v), with their compliance today. */
export async function carerWithCompliance(db: Executor, id: string, today: string): Promise<{ name: string; compliance: Compliance }> {
  const [carer] = await db
    .select({ id: carers.id, name: carers.name, dbsExpiry: carers.dbsExpiry, publicLiabilityExpiry: carers.publicLiabilityExpiry })
    .from(carers)
    .where(eq(carers.id, id));
  if (!carer) throw notFound('Carer');
  return { name: carer.name, compliance: (await complianceOfCarers(db, [carer], today)).get(id)! };
}

/** A carer not compliant today who gives care not yet ended: why, and whose care. */
export interface LapsedOnLiveCare {
  carerId: string;
  name: string;
  kind: CarerKind;
  reasons: string[];
  /** Each package not yet ended, with its client; by client name. */
  care: { packageId: string; clientId: string; clientName: string }[];
}

/**
 * The carers not compliant today on packages not archived and not yet ended (starting later included: the care is
 * arranged), by carer name: what the Dashboard, the Packages list and the weekly digest flag.
 */
export async function lapsedOnLiveCare(db: Executor, today: string): Promise<LapsedOnLiveCare[]> {
  const rows = await db
    .select({
      id: carers.id,
      name: carers.name,
      dbsExpiry: carers.dbsExpiry,
      publicLiabilityExpiry: carers.publicLiabilityExpiry,
      packageId: packages.id,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(packages)
    .innerJoin(carers, eq(carers.id, packages.carerId))
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId))
    .where(and(eq(packages.archived, 'N'), notEndedYet(packages.endDate, today)))
    .orderBy(asc(carers.name), asc(carers.id), asc(clients.name), asc(packages.id));
  const byCarer = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byCarer.set(row.id, [...(byCarer.get(row.id) ?? []), row]);
  const carerRows = [...byCarer.values()].map((care) => care[0]!);
  const compliance = await complianceOfCarers(db, carerRows, today);
  return carerRows
    .filter((carer) => compliance.get(carer.id)!.status === 'Not compliant')
    .map((carer) => ({
      carerId: carer.id,
      name: carer.name,
      kind: carerKindOf(carer.id)!,
      reasons: compliance.get(carer.id)!.reasons,
      care: byCarer.get(carer.id)!.map(({ packageId, clientId, clientName }) => ({ packageId, clientId, clientName })),
    }));
}

/** What a refusal tells the user to do instead: choose another carer, or (a renewal's carry-over) leave the package behind. */
const INSTEAD = {
  assign: 'Choose another carer, or give a reason to assign them anyway.',
  carryOver: 'Leave the packages where they are, or give a reason to carry them over anyway.',
  import: 'Choose another carer, or give a reason to import the package anyway.',
} as const;

/** "Ann Smith is not compliant: DBS re-check was due on …. Choose another carer, or …" */
export function notCompliantMessage(name: string, compliance: Compliance, instead: keyof typeof INSTEAD): string {
  return `${name} is not compliant: ${compliance.reasons.join('; ')}. ${INSTEAD[instead]}`;
}

/**
 * The override columns of a package given to this carer: refuses a carer who is not compliant unless
 * a reason is given (CONFLICT, naming what has lapsed), keeps the reason with who gave it and when, and
 * clears it for a compliant carer. An Expiring soon carer is allowed: the form warns (checkAssignment).
 */
export async function assignmentColumns(tx: Executor, ctx: RecordContext, carerId: string, override: { reason: string } | undefined, instead: keyof typeof INSTEAD = 'assign') {
  const carer = await carerWithCompliance(tx, carerId, ctx.today);
  if (carer.compliance.status !== 'Not compliant') return { complianceOverride: null, complianceOverrideBy: null, complianceOverrideAt: null };
  if (!override) {
    throw new TRPCError({ code: 'CONFLICT', message: notCompliantMessage(carer.name, carer.compliance, instead) });
  }
  return { complianceOverride: override.reason, complianceOverrideBy: ctx.actor.email, complianceOverrideAt: new Date() };
}
