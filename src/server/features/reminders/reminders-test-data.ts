import { addDays, formatDate, todayIn } from '@/shared/dates';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { users } from '@/server/db/schema/auth';
import { trainingRecords } from '@/server/db/schema/training';
import { carers } from '@/server/db/schema/people';

/** Builders of the reminders tests' data sets: carers with expiries, their training, and staff accounts. */
export const today = todayIn();
export const inDays = (days: number) => addDays(today, days);
export const mailSettings = { today, charityName: 'Vale Care', publicUrl: 'http://valecare.test' };

export async function addCarer(
  db: Executor,
  values: { name: string; email?: string; dbs?: string; publicLiability?: string; archived?: 'Y' | 'N' },
) {
  const id = newId('m');
  await db.insert(carers).values({
    id,
    name: values.name,
    postCode: 'TA4 1AA',
    email: values.email ?? '',
    dbsExpiry: values.dbs ?? null,
    publicLiabilityExpiry: values.publicLiability ?? null,
    archived: values.archived ?? 'N',
  });
  return id;
}

export async function addTraining(db: Executor, ownerId: string, recordName: string, expiryDate: string) {
  await db.insert(trainingRecords).values({ id: newId('t'), ownerId, expiryDate, name: '', recordName });
}

export async function addUser(db: Executor, email: string, role: string, disabled = false) {
  await db.insert(users).values({
    id: newId('u'),
    email,
    givenName: 'Staff',
    familyName: 'Member',
    role,
    passwordHash: 'x',
    disabledAt: disabled ? new Date() : null,
  });
}

/** Staff of every kind the digest chooses among: an Admin and a Coordinator get it; a disabled Coordinator and a Trustee do not. */
export async function addStaff(db: Executor) {
  await addUser(db, 'admin.one@valecare.test', 'Admin');
  await addUser(db, 'coordinator@valecare.test', 'Coordinator');
  await addUser(db, 'gone@valecare.test', 'Coordinator', true);
  await addUser(db, 'trustee@valecare.test', 'Trustee');
}
export const DIGEST_RECIPIENTS = ['admin.one@valecare.test', 'coordinator@valecare.test'];

/**
 * The known data set: expired, 10, 45 and 80 days, each in its window, and a 200-day item that is not listed;
 * an archived carer is left out.
 */
export async function addExpiringCarers(db: Executor) {
  const ann = await addCarer(db, { name: 'Ann Expired', dbs: inDays(-3), publicLiability: inDays(200) });
  await addTraining(db, ann, 'First Aid', inDays(45));
  const bob = await addCarer(db, { name: 'Bob Soon', publicLiability: inDays(10) });
  await addTraining(db, bob, 'Manual Handling', inDays(80));
  await addCarer(db, { name: 'Cat Archived', dbs: inDays(5), archived: 'Y' });
}

/** The digest lines the known data set gives, dates as the app shows them. */
export const EXPECTED_DIGEST_LINES = [
  `Ann Expired\n  - DBS: ${formatDate(inDays(-3))}, expired 3 days ago\n    http://valecare.test/dbs`,
  `  - Training: First Aid: ${formatDate(inDays(45))}, expires in 45 days (within 60 days)`,
  `Bob Soon\n  - Public Liability: ${formatDate(inDays(10))}, expires in 10 days (within 30 days)`,
  `  - Training: Manual Handling: ${formatDate(inDays(80))}, expires in 80 days (within 90 days)`,
];
