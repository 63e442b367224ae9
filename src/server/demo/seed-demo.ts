import { count } from 'drizzle-orm';
import { LOCALITIES, SERVICES, TRAINING_TYPES } from '@/shared/constants';
import { addDays, OPEN, todayIn } from '@/shared/dates';
import { MISSED_REASONS, weekStartOf } from '@/shared/deliveries';
import { requestInput, packageInput } from '@/shared/schemas/care';
import { magLogInput, trainingRecordInput } from '@/shared/schemas/compliance';
import { carerInput, clientInput } from '@/shared/schemas/people';
import type { Database } from '@/server/db/client';
import { CARER_FIRST_NAMES as CARER_FIRST, FIRST_NAMES as FIRST, type Random, seededRandom, STREETS, SURNAMES } from '@/server/demo/made-up-data';
import { carers, clients } from '@/server/db/schema/people';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { recordDelivery } from '@/server/features/deliveries/deliveries.service';
import { createPackage } from '@/server/features/packages/packages.service';
import { createRequest } from '@/server/features/requests/requests.service';
import { createMagLog } from '@/server/features/mag/mag.service';
import { carersService } from '@/server/features/carers/carers.service';
import { createClient, toggleClientArchive } from '@/server/features/clients/clients.service';
import type { Package } from '@/server/records/care.mappers';
import type { RecordContext } from '@/server/records/service-context';
import { createTrainingRecord } from '@/server/features/training-records/training-records.service';

/** Roughly where each locality lies (its village centre), so the demo's travel figures look like the area's. */
const CENTRES: Record<(typeof LOCALITIES)[number], [number, number]> = {
  Wiveliscombe: [51.0415, -3.3116],
  Ashbrittle: [50.9903, -3.3663],
  Bathealton: [51.0065, -3.3069],
  'Brompton Ralph': [51.0851, -3.3316],
  Chipstable: [51.0395, -3.3788],
  Clatworthy: [51.0834, -3.3643],
  'Huish Champflower': [51.0621, -3.3604],
  Milverton: [51.0265, -3.2545],
  Stawley: [50.9846, -3.3236],
  Waterrow: [51.0226, -3.3459],
  Other: [51.0148, -3.1036],
};

/** Demo post codes per locality, with made-up deprivation deciles and places near its centre (marked as demo data). */
const AREAS = LOCALITIES.map((locality, i) => ({
  locality,
  centre: CENTRES[locality],
  postCodes: [0, 1, 2].map((k) => `TA4 ${(i % 9) + 1}${String.fromCharCode(65 + k)}${String.fromCharCode(66 + ((i + k) % 20))}`),
  deciles: [
    { income: ((i * 3) % 10) + 1, health: ((i * 7 + 2) % 10) + 1 },
    { income: 1 + (i % 3), health: 2 + (i % 2) },
    { income: 8, health: 9 },
  ],
}));

export const DEMO_ACTOR = { email: 'demo-seed@valecare.local', givenName: 'Demo', familyName: 'Seed', role: 'Admin' } as const;

export class NotEmptyError extends Error {
  override name = 'NotEmptyError';
}

export interface SeedSummary {
  clients: number;
  mps: number;
  volunteers: number;
  requests: number;
  packages: number;
  trainingRecords: number;
  magLogs: number;
  deliveries: number;
}

/** Weeks of care recorded on the timesheet, up to yesterday. */
const DELIVERY_WEEKS = 8;
const VISIT_DAYS = [[2], [0, 3], [0, 2, 4]];

/**
 * Visits on set weekdays (one to three a week by the package's hours) over the last weeks, each given its
 * share of the week's hours to the quarter hour, with about one in twelve missed for a reason.
 */
async function seedDeliveries(ctx: RecordContext, created: Package[], today: string, r: Random): Promise<number> {
  let recorded = 0;
  const firstWeek = addDays(weekStartOf(today), -7 * DELIVERY_WEEKS);
  for (const pkg of created) {
    const weekly = pkg.details.weeklyHours;
    const days = VISIT_DAYS[weekly <= 3 ? 0 : weekly <= 8 ? 1 : 2]!;
    const hours = Math.min(24, Math.max(0.25, Math.round((weekly / days.length) * 4) / 4));
    for (let week = 0; week <= DELIVERY_WEEKS; week++) {
      for (const day of days) {
        const date = addDays(firstWeek, week * 7 + day);
        if (date >= today || date < pkg.startDate || (pkg.endDate !== OPEN && date > pkg.endDate)) continue;
        const missed = r.chance(1 / 12);
        await recordDelivery(ctx, {
          packageId: pkg.id,
          date,
          note: '',
          ...(missed ? { status: 'missed', hours: 0, reason: r.pick(MISSED_REASONS) } : { status: 'delivered', hours }),
        });
        recorded++;
      }
    }
  }
  return recorded;
}

/**
 * A demo carer's DBS: mostly certificate details whose re-check follows the policy (three years from the
 * issue date or the last Update Service check), some a date typed in by hand; the first carer of each kind
 * is overdue, so the demo shows carers who may not be given care.
 */
function demoDbs(r: Random, today: string, i: number) {
  if (i === 0) return { dbs: { issueDate: addDays(today, -3 * 365 - 40), level: 'enhanced-barred', updateService: false } };
  if (r.chance(0.15)) return { dbsExpiry: addDays(today, r.int(-60, 900)) };
  const updateService = r.chance(0.35);
  return {
    dbs: {
      certificateNumber: `${r.int(100000, 999999)}${r.int(100000, 999999)}`,
      issueDate: addDays(today, -r.int(60, 1090)),
      level: r.pick(['enhanced-barred', 'enhanced-barred', 'enhanced', 'standard'] as const),
      updateService,
      updateServiceCheckedOn: updateService ? addDays(today, -r.int(5, 50)) : '',
    },
  };
}

/**
 * Fills an empty database with realistic demo data over the years up to `today`: clients in every
 * locality, MPs and volunteers with checks due at different times, requests and packages for every
 * service, training records and MAG sessions. Refuses a database that already holds people.
 */
export async function seedDemo(db: Database, today: string, deprivationMaxDecile = 2): Promise<SeedSummary> {
  // All or nothing: a failure part-way leaves the database empty, ready to try again.
  return db.transaction((tx) => seedInto(tx as unknown as Database, today, deprivationMaxDecile));
}

async function seedInto(db: Database, today: string, deprivationMaxDecile: number): Promise<SeedSummary> {
  const [people] = await db.select({ n: count() }).from(clients);
  const [carerCount] = await db.select({ n: count() }).from(carers);
  if ((people?.n ?? 0) > 0 || (carerCount?.n ?? 0) > 0) {
    throw new NotEmptyError('The database already holds data: seed:demo only fills an empty database.');
  }
  const ctx: RecordContext = { db, actor: DEMO_ACTOR, today, deprivationMaxDecile };
  const r = seededRandom(20250101);
  const summary: SeedSummary = { clients: 0, mps: 0, volunteers: 0, requests: 0, packages: 0, trainingRecords: 0, magLogs: 0, deliveries: 0 };
  const created: Package[] = [];

  await db
    .insert(postcodeDeprivation)
    .values(
      AREAS.flatMap(({ postCodes, deciles, centre }) =>
        postCodes.map((postCode, k) => ({
          postCode,
          lsoaCode: `DEMO${postCode.replace(' ', '')}`,
          incomeDecile: deciles[k]!.income,
          healthDecile: deciles[k]!.health,
          edition: 'demo',
          // A few hundred metres apart, the way a village's post codes lie.
          latitude: centre[0] + (k - 1) * 0.003,
          longitude: centre[1] + ((k % 2) - 0.5) * 0.004,
          isDemo: true,
        })),
      ),
    )
    .onConflictDoNothing();

  const address = (i: number) => {
    const area = AREAS[i % AREAS.length]!;
    return { streetAddress: `${r.int(1, 48)} ${r.pick(STREETS)}`, locality: area.locality, postCode: r.pick(area.postCodes) };
  };
  const phone = () => `01984 ${r.int(600000, 699999)}`;

  // Carers: DBS re-checks from overdue to years ahead, so the expiry screens and compliance have something to say.
  const carerIds: { mp: string[]; volunteer: string[] } = { mp: [], volunteer: [] };
  for (const kind of ['mp', 'volunteer'] as const) {
    const service = carersService(kind);
    for (let i = 0; i < (kind === 'mp' ? 14 : 12); i++) {
      const name = `${CARER_FIRST[(i * 5 + (kind === 'mp' ? 0 : 3)) % CARER_FIRST.length]} ${r.pick(SURNAMES)}`;
      const carer = await service.create(
        ctx,
        carerInput.parse({
          dateOfBirth: `${r.int(1960, 2000)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
          ...demoDbs(r, today, i),
          // The second MP's public liability has run out: another carer who may not be given care.
          publicLiabilityExpiry: kind === 'mp' ? addDays(today, i === 1 ? -15 : r.int(10, 400)) : '',
          details: {
            name,
            address: address(i + 3),
            phone: phone(),
            email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.org`,
            nextOfKin: `${r.pick(CARER_FIRST)} ${r.pick(SURNAMES)} (partner)`,
            services: r.some(SERVICES, 2, 5),
            attendsMag: r.chance(0.3),
            capacity: r.pick(['Full Time', 'Part Time', 'Part Time', 'Occasional']),
            weeklyHoursAvailable: r.chance(0.8) ? r.int(4, 30) : null,
            notes: [{ date: addDays(today, -r.int(10, 400)), note: 'Induction completed and references checked.', source: 'In Person', minutesTaken: 60 }],
          },
        }),
      );
      carerIds[kind].push(carer.id);
      summary[kind === 'mp' ? 'mps' : 'volunteers']++;
      for (const recordName of r.some(TRAINING_TYPES, 2, 4)) {
        await createTrainingRecord(
          ctx,
          trainingRecordInput.parse({
            ownerId: carer.id,
            expiryDate: addDays(today, r.int(-90, 1100)),
            details: { recordName, notes: r.chance(0.3) ? 'Refresher booked with the county training team.' : '' },
          }),
        );
        summary.trainingRecords++;
      }
    }
  }

  // Clients, their requests since 2019 and the packages that answer them.
  const magClients: string[] = [];
  for (let i = 0; i < 64; i++) {
    const services = r.some(SERVICES, 1, 4);
    const client = await createClient(
      ctx,
      clientInput.parse({
        dateOfBirth: r.chance(0.95) ? `19${r.int(25, 55)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}` : '',
        details: {
          name: `${r.pick(FIRST)} ${r.pick(SURNAMES)}`,
          customId: `VC${String(1001 + i)}`,
          address: address(i),
          phone: phone(),
          nextOfKin: `${r.pick(CARER_FIRST)} ${r.pick(SURNAMES)} (${r.pick(['daughter', 'son', 'niece', 'neighbour'])})`,
          services,
          attendsMag: services.includes('MAG'),
          attendanceAllowance: r.pick(['no', 'pending', 'Low', 'High'] as const),
          donationScheme: r.chance(0.25),
          donationAmount: r.chance(0.25) ? r.int(5, 40) : 0,
          referredBy: r.pick(['GP surgery', 'Family', 'Adult social care', 'Self', 'Neighbour']),
          clientAgreementDate: addDays(today, -r.int(30, 2000)),
          riskAssessmentDate: addDays(today, -r.int(10, 700)),
          notes: [{ date: addDays(today, -r.int(1, 300)), note: 'Phoned to check the visits are going well.', source: 'Phone', minutesTaken: 15 }],
        },
      }),
    );
    summary.clients++;
    if (services.includes('MAG')) magClients.push(client.id);

    for (let n = r.int(1, 3); n > 0; n--) {
      const startDate = addDays(today, -r.int(20, 2600));
      const ended = r.chance(0.45);
      const endDate = ended ? addDays(startDate, r.int(60, 700)) : 'open';
      const request = await createRequest(
        ctx,
        requestInput.parse({
          clientId: client.id,
          requestType: r.chance(0.7) ? 'paid' : 'unpaid',
          startDate,
          endDate: endDate !== 'open' && endDate > today ? 'open' : endDate,
          details: { weeklyHours: r.int(2, 20) / 2, status: r.chance(0.15) ? 'urgent' : 'pending', services: r.some(services, 1, services.length) },
        }),
      );
      summary.requests++;
      // A package's address is where the care is given; it has no deprivation flags of its own.
      const { streetAddress, locality, county, postCode } = request.details.address;
      for (let p = r.chance(0.85) ? r.int(1, 2) : 0; p > 0; p--) {
        const carerId = r.chance(0.75) ? r.pick(carerIds.mp) : r.pick(carerIds.volunteer);
        const pkg = await createPackage(
          ctx,
          packageInput.parse({
            carerId,
            requestId: request.id,
            startDate: request.startDate,
            endDate: request.endDate,
            // Kept only when the carer is not compliant (the demo's lapsed carers still have care).
            override: { reason: 'Re-check booked; agreed with the coordinator until it is done' },
            details: {
              weeklyHours: Math.max(0.5, Math.floor(request.details.weeklyHours) / 2),
              address: { streetAddress, locality, county, postCode },
              services: request.details.services,
            },
          }),
        );
        summary.packages++;
        created.push(pkg);
      }
    }
    if (i % 16 === 15) await toggleClientArchive(ctx, { id: client.id });
  }

  summary.deliveries = await seedDeliveries(ctx, created, today, r);

  // MAG sessions every other week for two years.
  for (let week = 104; week > 0; week -= 2) {
    const attending = r.some(magClients, 2, Math.min(8, magClients.length));
    const mps = r.some(carerIds.mp, 0, 2);
    const volunteers = r.some(carerIds.volunteer, 1, 3);
    await createMagLog(
      ctx,
      magLogInput.parse({
        date: addDays(today, -week * 7),
        clients: attending.map((id) => ({ id })),
        mps: mps.map((id) => ({ id })),
        volunteers: volunteers.map((id) => ({ id })),
        details: {
          totalClients: attending.length + r.int(0, 3),
          totalFamily: r.int(0, 4),
          totalVolunteers: volunteers.length,
          totalMps: mps.length,
          otherAttendees: r.int(0, 2),
          notes: r.pick(['Coffee morning and quiz.', 'Chair exercises and lunch.', 'Talk from the fire service.', 'Craft session.', 'Singing with the school choir.']),
        },
      }),
    );
    summary.magLogs++;
  }
  return summary;
}

async function main(): Promise<number> {
  const { loadEnv } = await import('@/server/env');
  const { runOnDatabase } = await import('@/server/db/cli-database');
  const env = loadEnv();
  return runOnDatabase(
    env,
    async (db) => {
      const summary = await seedDemo(db, todayIn(env.timeZone), env.deprivationMaxDecile);
      return (
        `Demo data added: ${summary.clients} clients, ${summary.mps} MPs, ${summary.volunteers} volunteers, ` +
        `${summary.requests} requests, ${summary.packages} packages, ${summary.trainingRecords} training records, ` +
        `${summary.magLogs} MAG sessions, ${summary.deliveries} visits on the timesheets.`
      );
    },
    [NotEmptyError],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
