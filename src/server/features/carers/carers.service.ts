import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { Service } from '@/shared/constants';
import type { CarerData } from '@/shared/schemas/people';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { trainingRecords } from '@/server/db/schema/compliance';
import { carers, clients } from '@/server/db/schema/people';
import { addressFromRow } from '@/server/records/address.mappers';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { packageFromRow, requestFromRow } from '@/server/records/care.mappers';
import { checkVersion, notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { trainingRecordFromRow } from '@/server/records/training-records.mappers';
import { loadNotes, replaceNotes } from '@/server/records/notes';
import { archivedAtAfter, NAME_CHANGE_REFUSED } from '@/server/records/people-rules';

/** MPs (paid micro-providers) and volunteers: one shape, told apart by the id's first letter. */
export type CarerKind = 'mp' | 'volunteer';

const KIND = {
  mp: { prefix: 'm', label: 'MP', resource: 'mps' },
  volunteer: { prefix: 'v', label: 'Volunteer', resource: 'volunteers' },
} as const;

type CarerRow = typeof carers.$inferSelect;

/** A carer as lists show it: everything but notes and related records. */
export function carerSummaryFromRow(row: CarerRow) {
  return {
    id: row.id,
    archived: row.archived as 'Y' | 'N',
    version: row.version,
    anonymised: row.anonymisedAt !== null,
    dateOfBirth: row.dateOfBirth ?? '',
    dbsExpiry: row.dbsExpiry ?? '',
    publicLiabilityExpiry: row.publicLiabilityExpiry ?? '',
    details: {
      name: row.name,
      address: addressFromRow(row),
      phone: row.phone,
      email: row.email,
      nextOfKin: row.nextOfKin,
      services: row.services as Service[],
      attendsMag: row.attendsMag,
      capacity: row.capacity,
    },
  };
}
export type CarerSummary = ReturnType<typeof carerSummaryFromRow>;

function carerColumns(data: CarerData) {
  const d = data.details;
  return {
    archived: data.archived,
    dateOfBirth: data.dateOfBirth || null,
    dbsExpiry: data.dbsExpiry || null,
    publicLiabilityExpiry: data.publicLiabilityExpiry || null,
    name: d.name,
    streetAddress: d.address.streetAddress,
    locality: d.address.locality,
    county: d.address.county,
    postCode: d.address.postCode,
    phone: d.phone,
    email: d.email,
    nextOfKin: d.nextOfKin,
    services: d.services,
    attendsMag: d.attendsMag,
    capacity: d.capacity,
  };
}

async function fullCarer(db: Executor, row: CarerRow) {
  const summary = carerSummaryFromRow(row);
  return { ...summary, details: { ...summary.details, notes: await loadNotes(db, { carerId: row.id }) } };
}

/** The carers service for one kind; every query is confined to ids of that kind. */
export function carersService(kind: CarerKind) {
  const { prefix, label, resource } = KIND[kind];
  const ofKind = like(carers.id, `${prefix}%`);
  const procedure = (name: string) => `${resource}.${name}`;

  async function lockCarer(tx: Executor, id: string): Promise<CarerRow> {
    const [row] = await tx
      .select()
      .from(carers)
      .where(and(eq(carers.id, id), ofKind))
      .for('update');
    if (!row) throw notFound(label);
    return row;
  }

  return {
    async list(db: Executor, { includeArchived }: { includeArchived: boolean }): Promise<CarerSummary[]> {
      const rows = await selectRowsAsJson(db, carers, includeArchived ? ofKind : and(ofKind, eq(carers.archived, 'N')), [desc(carers.createdAt), desc(carers.id)]);
      return rows.map(carerSummaryFromRow);
    },

    /** A carer with notes, training records, packages, and the requests those packages serve. */
    async get(db: Executor, id: string) {
      const [row] = await db
        .select()
        .from(carers)
        .where(and(eq(carers.id, id), ofKind));
      if (!row) throw notFound(label);
      const records = await db.select().from(trainingRecords).where(eq(trainingRecords.ownerId, id)).orderBy(asc(trainingRecords.expiryDate));
      const own = await db.select().from(packages).where(eq(packages.carerId, id)).orderBy(desc(packages.startDate));
      const requestIds = [...new Set(own.map((p) => p.requestId))];
      const served = requestIds.length
        ? await db
            .select({ request: requests, clientName: clients.name })
            .from(requests)
            .innerJoin(clients, eq(requests.clientId, clients.id))
            .where(inArray(requests.id, requestIds))
            .orderBy(desc(requests.startDate))
        : [];
      const requestPackages = requestIds.length
        ? await db.select().from(packages).where(inArray(packages.requestId, requestIds))
        : [];
      return {
        ...(await fullCarer(db, row)),
        trainingRecords: records.map(trainingRecordFromRow),
        packages: own.map(packageFromRow),
        requests: served.map(({ request, clientName }) => ({
          ...requestFromRow(request, clientName),
          packages: requestPackages.filter((p) => p.requestId === request.id).map(packageFromRow),
        })),
      };
    },

    async create(ctx: ServiceContext, data: CarerData) {
      const id = newId(prefix);
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(carers)
          .values({ id, ...carerColumns(data) })
          .returning();
        await replaceNotes(tx, { carerId: id }, data.details.notes);
        const carer = await fullCarer(tx, row!);
        await recordAudit(tx, ctx.actor, procedure('create'), id, diffRecords({}, carer));
        return carer;
      });
    },

    /** Updates every field but the name, which changes only through updateName. */
    async update(ctx: ServiceContext, input: CarerData & { id: string; version?: number }) {
      return ctx.db.transaction(async (tx) => {
        const stored = await lockCarer(tx, input.id);
        checkVersion(stored, input.version);
        if (input.details.name !== stored.name) throw refused(NAME_CHANGE_REFUSED);
        const before = await fullCarer(tx, stored);
        const [row] = await tx
          .update(carers)
          .set({ ...carerColumns(input), archivedAt: archivedAtAfter(stored, input.archived), version: stored.version + 1, updatedAt: new Date() })
          .where(eq(carers.id, input.id))
          .returning();
        await replaceNotes(tx, { carerId: input.id }, input.details.notes);
        const after = await fullCarer(tx, row!);
        await recordAudit(tx, ctx.actor, procedure('update'), input.id, diffRecords(before, after));
        return after;
      });
    },

    /** Renames the carer; their training records carry the name and follow it. */
    async rename(ctx: ServiceContext, input: { id: string; newName: string; version?: number }) {
      return ctx.db.transaction(async (tx) => {
        const stored = await lockCarer(tx, input.id);
        checkVersion(stored, input.version);
        const [row] = await tx
          .update(carers)
          .set({ name: input.newName, version: stored.version + 1, updatedAt: new Date() })
          .where(eq(carers.id, input.id))
          .returning();
        await tx.update(trainingRecords).set({ name: input.newName, updatedAt: new Date() }).where(eq(trainingRecords.ownerId, input.id));
        await recordAudit(tx, ctx.actor, procedure('updateName'), input.id, diffRecords({ name: stored.name }, { name: input.newName }));
        return fullCarer(tx, row!);
      });
    },

    async toggleArchive(ctx: ServiceContext, input: { id: string; version?: number }) {
      return ctx.db.transaction(async (tx) => {
        const stored = await lockCarer(tx, input.id);
        checkVersion(stored, input.version);
        const archived = stored.archived === 'Y' ? 'N' : 'Y';
        const [row] = await tx
          .update(carers)
          .set({ archived, archivedAt: archivedAtAfter(stored, archived), version: stored.version + 1, updatedAt: new Date() })
          .where(eq(carers.id, input.id))
          .returning();
        await recordAudit(tx, ctx.actor, procedure('toggleArchive'), input.id, diffRecords({ archived: stored.archived }, { archived }));
        return carerSummaryFromRow(row!);
      });
    },

    /** Deletes a carer with no packages (one with packages is archived instead), with their training records and notes. */
    async remove(ctx: ServiceContext, input: { id: string; version?: number }) {
      return ctx.db.transaction(async (tx) => {
        const stored = await lockCarer(tx, input.id);
        checkVersion(stored, input.version);
        const [assigned] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.carerId, input.id)).limit(1);
        if (assigned) throw refused(`This ${label} has packages, so cannot be deleted. Archive them instead.`);
        const before = await fullCarer(tx, stored);
        await tx.delete(carers).where(eq(carers.id, input.id));
        await recordAudit(tx, ctx.actor, procedure('delete'), input.id, diffRecords(before, {}));
        return { id: input.id };
      });
    },
  };
}
