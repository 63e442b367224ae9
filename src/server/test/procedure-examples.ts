import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ClientInput, CarerInput } from '@/shared/schemas/people';
import type { PackageInput, RequestInput } from '@/shared/schemas/care';
import type { MagLogInput, TrainingRecordInput } from '@/shared/schemas/compliance';
import { addDays, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { weekdayOf } from '@/shared/planned-visits';
import { weekStartOf } from '@/shared/deliveries';
import { STAFF_ROLES } from '@/shared/permissions';
import { resetMfa } from '@/server/accounts/two-step';
import { totpCode, totpStep } from '@/server/accounts/totp';
import { addUser, setPassword } from '@/server/accounts/accounts';
import type { Database } from '@/server/db/client';
import { loginAttempts } from '@/server/db/schema/auth';
import { visits } from '@/server/db/schema/visits';
import { queueMessage } from '@/server/mail/mail';
import type { TestApp } from './test-app';

type Caller = ReturnType<TestApp['caller']>;

/**
 * Inputs that fill every field, lists included, with distinctive values: tests that corrupt one field
 * at a time then reach every field, and tests that look for leaks can search for the values.
 */
function clientWithEveryField(name: string): ClientInput {
  return {
    archived: 'N',
    dateOfBirth: '1940-03-02',
    details: {
      name,
      phone: '01984 600100',
      email: 'edna@client.example',
      nextOfKin: 'Joan Pollard',
      services: ['Domestic', 'MAG'],
      attendsMag: true,
      notes: [{ date: '2025-01-02', note: 'Prefers mornings', source: 'Phone', minutesTaken: 15 }],
      address: {
        streetAddress: '1 Church Lane',
        locality: 'Milverton',
        county: 'Somerset',
        postCode: 'TA4 1JX',
        deprivation: { income: true, health: false },
      },
      customId: 'CL-001',
      donationScheme: true,
      donationAmount: 12.5,
      referredBy: 'GP surgery',
      clientAgreementDate: '2025-01-03',
      clientAgreementComments: 'Signed at home',
      riskAssessmentDate: '2025-01-04',
      riskAssessmentComments: 'Steep stairs',
      endDate: '2030-12-31',
      attendanceAllowance: 'Low',
    },
  };
}

function carerWithEveryField(name: string, marker: string): CarerInput {
  return {
    archived: 'N',
    dateOfBirth: '1975-06-10',
    // Followed from the Update Service check by the re-check policy: compliant for years from today.
    dbsExpiry: '',
    dbs: {
      certificateNumber: `0012 3456 ${marker.slice(-4)}`,
      issueDate: '2024-05-01',
      level: 'enhanced-barred',
      updateService: true,
      updateServiceCheckedOn: addDays(todayIn(), -30),
      expiryEnteredByHand: false,
    },
    publicLiabilityExpiry: '2099-02-28',
    details: {
      name,
      phone: `07700 ${marker}`,
      email: `${marker}@carer.example`,
      nextOfKin: `Kin of ${name}`,
      services: ['Companionship', 'Transport'],
      attendsMag: true,
      notes: [{ date: '2025-01-05', note: `Note about ${name}`, source: 'Email', minutesTaken: 30 }],
      address: { streetAddress: '2 Mill Street', locality: 'Wiveliscombe', county: 'Somerset', postCode: 'TA4 2AB' },
      capacity: 'Part Time',
      weeklyHoursAvailable: 12,
    },
  };
}

function requestWithEveryField(clientId: string): RequestInput {
  return {
    clientId,
    archived: 'N',
    requestType: 'unpaid',
    startDate: '2025-01-06',
    endDate: 'open',
    details: {
      customId: 'RQ-001',
      weeklyHours: 6.5,
      address: {
        streetAddress: '1 Church Lane',
        locality: 'Milverton',
        county: 'Somerset',
        postCode: 'TA4 1JX',
        deprivation: { income: true, health: true },
      },
      status: 'urgent',
      services: ['Domestic', 'Meal Prep'],
      notes: 'Key safe by the back door',
    },
  };
}

function packageWithEveryField(carerId: string, requestId: string, name: string): PackageInput {
  return {
    carerId,
    requestId,
    archived: 'N',
    startDate: '2025-01-07',
    endDate: 'open',
    details: {
      name,
      weeklyHours: 3,
      address: { streetAddress: '1 Church Lane', locality: 'Milverton', county: 'Somerset', postCode: 'TA4 1JX' },
      notes: 'Tuesday and Thursday mornings',
      services: ['Domestic'],
    },
    override: { reason: 'Agreed with the family while the re-check is booked' },
  };
}

function trainingRecordWithEveryField(ownerId: string, notes: string): TrainingRecordInput {
  return { ownerId, archived: 'N', expiryDate: '2026-03-31', details: { recordName: 'First Aid', notes } };
}

function magLogWithEveryField(clientId: string, mpId: string, volunteerId: string): MagLogInput {
  return {
    date: '2025-02-12',
    archived: 'N',
    clients: [{ id: clientId }],
    mps: [{ id: mpId }],
    volunteers: [{ id: volunteerId }],
    details: { totalClients: 5, totalFamily: 2, totalVolunteers: 1, totalMps: 1, otherAttendees: 1, notes: 'Harvest lunch' },
  };
}

/** Names and notes unique to one record, so a response can be searched for them. */
export const MARKS = {
  mpName: 'Marigold Quennell',
  volunteerName: 'Valentine Ashdown',
  clientName: 'Edna Pollard',
  otherClientName: 'Albert Yeo',
  mpRecordNotes: 'Refresher booked with St John',
  volunteerRecordNotes: 'Certificate seen at interview',
} as const;

const ADMIN_EMAIL = 'admin@valecare.test';

/** The password of each caller's own account (My account's examples change it and set it back). */
export const CALLER_PASSWORD = 'callers-own-long-password';

/** An account for the signed-in user of each role, as the test callers are: My account reaches its own. */
export async function addCallerAccounts(db: Database): Promise<void> {
  for (const role of STAFF_ROLES) {
    await addUser(db, { email: `${role.toLowerCase()}@valecare.test`, givenName: role, familyName: 'Tester', role, password: CALLER_PASSWORD });
  }
}

/** One of each record, linked as the charity links them: the fixtures every example input refers to. */
export async function createCareWorld(admin: Caller) {
  const client = await admin.clients.create(clientWithEveryField(MARKS.clientName));
  const otherClient = await admin.clients.create(clientWithEveryField(MARKS.otherClientName));
  const mp = await admin.mps.create(carerWithEveryField(MARKS.mpName, '900111'));
  const volunteer = await admin.volunteers.create(carerWithEveryField(MARKS.volunteerName, '900222'));
  const request = await admin.requests.create(requestWithEveryField(client.id));
  const mpPackage = await admin.packages.create(packageWithEveryField(mp.id, request.id, 'Morning visits'));
  const volunteerPackage = await admin.packages.create(packageWithEveryField(volunteer.id, request.id, 'Shopping trips'));
  const mpRecord = await admin.trainingRecords.create(trainingRecordWithEveryField(mp.id, MARKS.mpRecordNotes));
  const volunteerRecord = await admin.trainingRecords.create(trainingRecordWithEveryField(volunteer.id, MARKS.volunteerRecordNotes));
  const magLog = await admin.mag.create(magLogWithEveryField(client.id, mp.id, volunteer.id));
  // An MP the client is not to be matched with: the client's read names them, which Finance may not see.
  await admin.clients.addExclusion({ clientId: client.id, carerId: mp.id, reason: 'Family asked for another carer' });
  return { client, otherClient, mp, volunteer, request, mpPackage, volunteerPackage, mpRecord, volunteerRecord, magLog };
}
export type CareWorld = Awaited<ReturnType<typeof createCareWorld>>;

/** The care world, the callers' own accounts, and an example input for every procedure, in a test app. */
export async function addProcedureExamples(t: Pick<TestApp, 'caller' | 'database'>): Promise<{ world: CareWorld; examples: Record<string, () => Promise<unknown>> }> {
  const admin = t.caller('Admin');
  const world = await createCareWorld(admin);
  await addCallerAccounts(t.database.db);
  return { world, examples: exampleInputs(admin, world, t.database.db) };
}

/**
 * A valid input for every procedure that takes one, read from the records as they are now (so the
 * version is current). Deletes get a record of their own to delete. Each is what the web app would send.
 */
export function exampleInputs(admin: Caller, world: CareWorld, db: Database): Record<string, () => Promise<unknown>> {
  const today = todayIn();
  let visitsSent = 0;
  /** A visit the volunteer's phone sent (a day of its own each time), stored as the server keeps one. */
  const carerVisit = async (fields: Partial<typeof visits.$inferInsert>) => {
    const id = randomUUID();
    const date = addDays(today, -1 - (++visitsSent % 20));
    await db.insert(visits).values({ id, carerId: world.volunteer.id, packageId: world.volunteerPackage.id, date, startTime: '09:00', endTime: '10:00', minutes: 60, ...fields });
    return id;
  };
  const client = () => admin.clients.getById({ id: world.client.id });
  const mp = () => admin.mps.getById({ id: world.mp.id });
  const volunteer = () => admin.volunteers.getById({ id: world.volunteer.id });
  const request = () => admin.requests.getById({ id: world.request.id });
  const mpPackage = () => admin.packages.getById({ id: world.mpPackage.id });
  const mpRecord = () => admin.trainingRecords.getById({ ownerId: world.mp.id, id: world.mpRecord.id });
  const magLog = () => admin.mag.getById({ id: world.magLog.id });

  const editableCarer = async (read: typeof mp) => {
    const { id, version, archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details } = await read();
    return { id, version, archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details };
  };
  const carerExamples = (kind: 'mps' | 'volunteers', read: typeof mp, idKey: 'mpId' | 'volunteerId') => ({
    [`${kind}.getById`]: async () => ({ id: (await read()).id }),
    [`${kind}.create`]: async () => carerWithEveryField('Sam Carter', '900333'),
    [`${kind}.update`]: () => editableCarer(read),
    [`${kind}.updateName`]: async () => {
      const { id, version, details } = await read();
      return { [idKey]: id, newName: details.name, version };
    },
    [`${kind}.toggleArchive`]: async () => {
      const { id, version } = await read();
      return { id, version };
    },
    [`${kind}.delete`]: async () => {
      const { id, version } = await admin[kind].create(carerWithEveryField('Short Stay', '900444'));
      return { id, version };
    },
  });
  const hoursReport = async () => ({ startYear: 2024 });
  // Every account change gets an account of its own, so a run of cases never meets one already removed.
  let invited = 0;
  let carers = 0;
  let funders = 0;
  const invitation = () => ({ email: `staff${++invited}@valecare.test`, givenName: 'Stella', familyName: 'Example', role: 'Coordinator' as const });
  const account = async () => ({ id: (await admin.staff.invite(invitation())).id });
  // Each entry on a day of its own, counting back from yesterday; each closed month one further back from 2024.
  let entryDays = 0;
  const entry = () => ({ packageId: world.volunteerPackage.id, date: addDays(today, -++entryDays), status: 'delivered' as const, hours: 1.5, note: 'Shopping and lunch' });
  const recorded = async () => {
    const { id, version } = await admin.deliveries.record(entry());
    return { id, version };
  };
  /** A visit of the volunteer's package planned for tomorrow at 07:00, put in its plan if it is not there yet. */
  const plannedTomorrow = async () => {
    const [packageId, date, start] = [world.volunteerPackage.id, addDays(today, 1), '07:00'];
    const plan = await admin.visitPlans.get({ packageId });
    const weekday = weekdayOf(date);
    if (!plan.visits.some((visit) => visit.weekday === weekday && visit.start === start)) {
      await admin.visitPlans.set({ packageId, visits: [...plan.visits, { weekday, start, end: '08:00' }], version: plan.version });
    }
    return { packageId, date, start };
  };
  let closedMonths = 0;
  const pastMonth = () => ({ month: shiftMonth('2024-12', -closedMonths++) });

  /** The Admin caller's own password, set afresh, with no refused attempts counting towards a lock-out. */
  const ownPassword = async () => {
    await setPassword(db, ADMIN_EMAIL, CALLER_PASSWORD);
    await db.delete(loginAttempts).where(eq(loginAttempts.email, ADMIN_EMAIL));
    return CALLER_PASSWORD;
  };

  return {
    'clients.getById': async () => ({ id: world.client.id }),
    'clients.create': async () => clientWithEveryField('Ivy Trent'),
    'clients.update': async () => {
      const { id, version, archived, dateOfBirth, details } = await client();
      return { id, version, archived, dateOfBirth, details };
    },
    'clients.updateName': async () => {
      const { id, version, details } = await client();
      return { clientId: id, newName: details.name, version };
    },
    'clients.toggleArchive': async () => {
      const { id, version } = await client();
      return { id, version };
    },
    'clients.getKeyInformation': async () => ({ clientId: world.client.id }),
    // Every field, a new key safe code included, against the version held now.
    'clients.setKeyInformation': async () => ({
      clientId: world.client.id,
      accessNotes: 'Side gate, then the back door',
      allergiesAndRisks: 'Penicillin; steep stairs',
      emergencyContact: 'Joan Pollard 07700 900333',
      keySafeCode: '4821',
      version: (await admin.clients.getKeyInformation({ clientId: world.client.id })).version,
    }),
    'clients.addExclusion': async () => ({ clientId: world.otherClient.id, carerId: world.mp.id, reason: 'Lives next door; the client prefers not' }),
    'clients.removeExclusion': async () => {
      await admin.clients.addExclusion({ clientId: world.otherClient.id, carerId: world.volunteer.id, reason: 'Short stay' });
      return { clientId: world.otherClient.id, carerId: world.volunteer.id };
    },
    'clients.delete': async () => {
      const { id, version } = await admin.clients.create(clientWithEveryField('Short Stay'));
      return { id, version };
    },
    ...carerExamples('mps', mp, 'mpId'),
    ...carerExamples('volunteers', volunteer, 'volunteerId'),
    'requests.getById': async () => ({ id: world.request.id }),
    'requests.create': async () => requestWithEveryField(world.otherClient.id),
    'requests.update': async () => {
      const { id, version, clientId, archived, requestType, startDate, endDate, details } = await request();
      return { id, version, clientId, archived, requestType, startDate, endDate, details };
    },
    'requests.renew': async () => {
      const { id, version, details } = await request();
      const { name: _name, ...newDetails } = details;
      return { oldRequest: { id, version, endDate: today }, newRequest: { startDate: today, details: newDetails } };
    },
    'requests.delete': async () => {
      const { id, version } = await admin.requests.create(requestWithEveryField(world.otherClient.id));
      return { id, version };
    },
    'packages.getById': async () => ({ id: world.mpPackage.id }),
    'packages.create': async () => packageWithEveryField(world.volunteer.id, world.request.id, 'Evening calls'),
    'packages.update': async () => {
      const { id, version, carerId, requestId, archived, startDate, endDate, details } = await mpPackage();
      return { id, version, carerId, requestId, archived, startDate, endDate, details };
    },
    'packages.renew': async () => {
      const { id, version, details } = await mpPackage();
      return { oldPackage: { id, version, endDate: today }, newPackage: { startDate: today, details } };
    },
    'packages.checkAssignment': async () => ({ carerId: world.volunteer.id, requestId: world.request.id }),
    'visitPlans.get': async () => ({ packageId: world.mpPackage.id }),
    // Every field: visits at set times (one pinned), one past midnight, and hours at any time; against the plan as it is now.
    'visitPlans.set': async () => ({
      packageId: world.mpPackage.id,
      visits: [
        { weekday: 1, start: '09:30', end: '10:30', pinned: true },
        { weekday: 5, start: '22:00', end: '06:00' },
      ],
      anyTime: { hours: 1.5 },
      version: (await admin.visitPlans.get({ packageId: world.mpPackage.id })).version,
    }),
    'availability.get': async () => ({ carerId: world.volunteer.id }),
    // Every field: a morning each weekday, an evening past midnight, and a week away.
    'availability.set': async () => ({
      carerId: world.volunteer.id,
      weekly: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 5, start: '20:00', end: '02:00' },
      ],
      timeOff: [{ from: addDays(today, 30), to: addDays(today, 37), note: 'Holiday' }],
      version: (await admin.availability.get({ carerId: world.volunteer.id })).version,
    }),
    'availability.clientTimes': async () => ({ clientId: world.client.id }),
    // Weekday mornings and a Saturday afternoon.
    'availability.setClientTimes': async () => ({
      clientId: world.client.id,
      weekly: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 6, start: '13:00', end: '17:00' },
      ],
      version: (await admin.availability.clientTimes({ clientId: world.client.id })).version,
    }),
    'analytics.getVisitMeasures': async () => ({ month: monthOfDate(today) }),
    'plannedVisits.getDay': async () => ({ date: today }),
    // A visit planned for tomorrow, cancelled for the week (a cancellation made again replaces the one before).
    'plannedVisits.change': async () => ({ ...(await plannedTomorrow()), action: 'cancel', reason: 'In hospital until Friday' }),
    // Every field: the week of today, for one carer.
    'plannedVisits.suggestWeek': async () => ({ weekStart: today, carerId: world.volunteer.id }),
    // Tomorrow's visit half an hour later, planned for less driving.
    'plannedVisits.offerWeek': async () => {
      const slot = await plannedTomorrow();
      return { moves: [{ ...slot, to: { date: slot.date, start: '07:30', end: '08:30' } }] };
    },
    'carers.suggestForRequest': async () => ({ requestId: world.request.id }),
    // Nothing the world's carers lack, so the examples after this one may still assign them.
    'compliance.updateSettings': async () => ({
      requiredTrainingMps: [],
      requiredTrainingVolunteers: [],
      publicLiabilityMps: true,
      publicLiabilityVolunteers: true,
      dbsRecheckYears: 3,
    }),
    'packages.delete': async () => {
      const { id, version } = await admin.packages.create(packageWithEveryField(world.volunteer.id, world.request.id, 'Short stay'));
      return { id, version };
    },
    'trainingRecords.getByExpiringBefore': async () => ({ date: '2026-12-31' }),
    'trainingRecords.getById': async () => ({ ownerId: world.mp.id, id: world.mpRecord.id }),
    'trainingRecords.create': async () => trainingRecordWithEveryField(world.volunteer.id, 'Manual handling refresher'),
    'trainingRecords.update': async () => {
      const { id, version, ownerId, archived, expiryDate, details } = await mpRecord();
      return { id, version, ownerId, archived, expiryDate, details };
    },
    'trainingRecords.delete': async () => {
      const { id, ownerId, version } = await admin.trainingRecords.create(trainingRecordWithEveryField(world.volunteer.id, 'Short stay'));
      return { ownerId, id, version };
    },
    'mag.getById': async () => ({ id: world.magLog.id }),
    'mag.create': async () => magLogWithEveryField(world.client.id, world.mp.id, world.volunteer.id),
    'mag.update': async () => {
      const { id, version, date, archived, clients, mps, volunteers, details } = await magLog();
      return { id, version, date, archived, clients, mps, volunteers, details };
    },
    'mag.delete': async () => {
      const { id, version } = await admin.mag.create(magLogWithEveryField(world.client.id, world.mp.id, world.volunteer.id));
      return { id, version };
    },
    'analytics.getRequestsReport': hoursReport,
    'analytics.getPackagesReport': hoursReport,
    'analytics.getRequestsDeprivationReport': hoursReport,
    'analytics.getPackagesDeprivationReport': hoursReport,
    'analytics.getDeliveredReport': async () => ({ startYear: 2024, breakdown: 'deprivation' }),
    'audit.list': async () => ({
      actorEmail: 'admin@valecare.test',
      recordId: world.client.id,
      procedure: 'clients.create',
      from: '2025-01-01',
      to: today,
      cursor: 1_000_000,
      limit: 50,
    }),
    'audit.forRecord': async () => ({ recordId: world.client.id }),
    // One letter in nearly every name, so the search's answer holds records of every kind the role reads.
    'search.find': async () => ({ query: 'a' }),
    'reminders.updateSettings': async () => ({
      day: 'Tuesday',
      time: '07:30',
      roles: ['Admin', 'Coordinator'],
      windows: [14, 30, 90],
      carerReminders: true,
    }),
    'reminders.sendDigestNow': async () => ({}),
    'reminders.resendMessage': async () => {
      const message = { subject: 'Vale Care: your DBS expires in 5 days', text: 'Your DBS expires soon.', html: '<p>Your DBS expires soon.</p>' };
      return queueMessage(db, { to: 'dewi@carer.example', ...message, kind: 'carer-reminder' });
    },
    'account.changePassword': async () => ({ currentPassword: await ownPassword(), newPassword: 'a-new-long-passphrase', confirmPassword: 'a-new-long-passphrase' }),
    'account.startTwoStep': async () => {
      await resetMfa(db, ADMIN_EMAIL, { email: ADMIN_EMAIL, role: 'Admin' });
      return { currentPassword: await ownPassword() };
    },
    'account.confirmTwoStep': async () => {
      // A set-up begun afresh, so the app's current code confirms it.
      await resetMfa(db, ADMIN_EMAIL, { email: ADMIN_EMAIL, role: 'Admin' });
      const currentPassword = await ownPassword();
      const { secret } = await admin.account.startTwoStep({ currentPassword });
      return { currentPassword, code: totpCode(secret.replace(/\s/g, ''), totpStep(Date.now())) };
    },
    'account.resetTwoStep': async () => {
      // Set up afresh; one of its recovery codes proves it.
      await resetMfa(db, ADMIN_EMAIL, { email: ADMIN_EMAIL, role: 'Admin' });
      const currentPassword = await ownPassword();
      const { secret } = await admin.account.startTwoStep({ currentPassword });
      const { recoveryCodes } = await admin.account.confirmTwoStep({ currentPassword, code: totpCode(secret.replace(/\s/g, ''), totpStep(Date.now())) });
      return { currentPassword, code: recoveryCodes[0]! };
    },
    'account.signOutEverywhere': async () => ({}),
    'reminders.listMessages': async () => ({ limit: 20 }),
    'reminders.listRuns': async () => ({ limit: 5 }),
    'carerApp.getStatus': async () => ({ carerId: world.volunteer.id }),
    // Sent by a carer's account alone: every role here is refused it before its visits are read.
    'carerApp.sync': async () => ({ visits: [] }),
    'carerApp.sendWellbeing': async () => ({
      answers: [{ id: `w${randomUUID().replaceAll('-', '')}`, clientId: world.client.id, askedOn: today, lifeSatisfaction: 6, worthwhile: 6, happy: 6, anxious: 2, lonely: 'never', declined: [] }],
    }),
    'carerApp.setMyAvailability': async () => ({ weekly: [{ weekday: 2, start: '09:00', end: '17:00' }], timeOff: [] }),
    'carerApp.answerChange': async () => {
      const { packageId, date, start } = await plannedTomorrow();
      return { plannedVisitId: `${packageId}/${date}/${start}`, answer: 'accept', version: 1 };
    },
    // A phone's last ID token; a made-up one is told nothing.
    'carerApp.accessState': async () => ({ idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LW5vYm9keSJ9.c2lnbmF0dXJl' }),
    // A carer of its own each time, with an address no other account has: an invitation gives them one.
    'carerApp.invite': async () => ({ carerId: (await admin.volunteers.create(carerWithEveryField(`Ivy Invited ${++carers}`, `9003${carers}`))).id }),
    'carerApp.getVisits': async () => ({ clientId: world.client.id }),
    'carerApp.markSeen': async () => ({ visitId: await carerVisit({ note: 'Found on the floor, not hurt', tellOffice: true }) }),
    'carerApp.resolve': async () => ({ visitId: await carerVisit({ status: 'toResolve', reason: 'The office has closed this client’s visits on your phone' }), action: 'turnDown', reason: 'Recorded from the paper sheet' }),
    'carerApp.revoke': async () => {
      const { id } = await admin.volunteers.create(carerWithEveryField(`Rex Revoked ${++carers}`, `9004${carers}`));
      await admin.carerApp.invite({ carerId: id });
      return { carerId: id };
    },
    'staff.invite': async () => invitation(),
    'staff.setRole': async () => ({ ...(await account()), role: 'Finance' }),
    'staff.disable': account,
    'staff.enable': account,
    'staff.resetTwoStep': account,
    'staff.sendPasswordReset': account,
    'staff.remove': account,
    'deliveries.getWeek': async () => ({ weekStart: weekStartOf(today) }),
    'deliveries.record': async () => entry(),
    'deliveries.update': async () => ({ ...(await recorded()), status: 'missed', reason: 'client-in-hospital', note: 'Admitted on Monday' }),
    'deliveries.delete': recorded,
    'deliveries.getStatement': async () => ({ carerId: world.volunteer.id, month: monthOfDate(today) }),
    'deliveries.closeMonth': async () => pastMonth(),
    'deliveries.setRecordingStart': async () => ({ month: null }),
    'deliveries.setMileageRate': async () => ({ pencePerMile: 45 }),
    'deliveries.reopenMonth': async () => {
      const month = pastMonth();
      await admin.deliveries.closeMonth(month);
      return month;
    },
    // Every field: four scores, loneliness and what matters; the phone's own id left to the office's caller.
    'wellbeing.record': async () => ({
      clientId: world.client.id,
      askedOn: today,
      lifeSatisfaction: 6,
      worthwhile: 7,
      happy: 5,
      anxious: 3,
      lonely: 'someOfTheTime',
      mattersMost: 'Getting to the Thursday lunch club',
      declined: [],
    }),
    'wellbeing.list': async () => ({ clientId: world.client.id }),
    'analytics.getWellbeingReport': async () => ({ from: addDays(today, -365), to: today, funder: (await admin.funders.create({ name: `Report Fund ${++funders}` })).id }),
    'wellbeing.updateSettings': async () => ({ reviewWeeks: 12, carersMayAsk: true }),
    'funders.create': async () => ({ name: `Community Fund ${++funders}` }),
    'funders.update': async () => {
      const funder = await admin.funders.create({ name: `County Contract ${++funders}` });
      return { ...funder, name: `County Contract ${funders} (renewed)`, archived: true };
    },
    'dataProtection.exportPerson': async () => ({ personId: world.client.id }),
    'dataProtection.anonymise': async () => {
      const { id, version } = await admin.clients.create(clientWithEveryField('Short Stay'));
      return { personId: id, version };
    },
  };
}
