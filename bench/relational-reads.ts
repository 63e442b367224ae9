/**
 * `npx tsx bench/relational-reads.ts`: two of the product's reads as the services make them (db/json-rows.ts: a
 * list or a whole record's screen as one JSON text, the statement built once) beside the same reads as drizzle's
 * relational queries, prepared. Over the full data set on PGlite and, where one answers, PostgreSQL; the time of
 * each read in the server's own process, from calling it to having its rows, the variants timed in turn.
 */
import { asc, desc, eq, relations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { todayIn } from '@/shared/dates';
import { schema } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { openConfiguredDatabase } from '@/server/db/open';
import { packages, requests } from '@/server/db/schema/care';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { carers, clients, notes } from '@/server/db/schema/people';
import { clientScreen } from '@/server/records/client-record';
import { sizeAt } from './data-set';
import { type BenchDatabase, envOf, fillDatabase, newPgliteDatabase, newPostgresDatabase, reachablePostgres } from './databases';
import { median, timeSpell } from './latency';

/** What drizzle's relational queries need to follow a client to everything on its screen. */
const clientRelations = {
  clientsRelations: relations(clients, ({ many }) => ({ notes: many(notes), requests: many(requests), exclusions: many(carerExclusions), attendances: many(magAttendees) })),
  notesRelations: relations(notes, ({ one }) => ({ client: one(clients, { fields: [notes.clientId], references: [clients.id] }) })),
  requestsRelations: relations(requests, ({ one, many }) => ({ client: one(clients, { fields: [requests.clientId], references: [clients.id] }), packages: many(packages) })),
  packagesRelations: relations(packages, ({ one }) => ({
    request: one(requests, { fields: [packages.requestId], references: [requests.id] }),
    carer: one(carers, { fields: [packages.carerId], references: [carers.id] }),
  })),
  exclusionsRelations: relations(carerExclusions, ({ one }) => ({
    client: one(clients, { fields: [carerExclusions.clientId], references: [clients.id] }),
    carer: one(carers, { fields: [carerExclusions.carerId], references: [carers.id] }),
  })),
  attendeesRelations: relations(magAttendees, ({ one }) => ({
    client: one(clients, { fields: [magAttendees.personId], references: [clients.id] }),
    magLog: one(magLogs, { fields: [magAttendees.magLogId], references: [magLogs.id] }),
  })),
  magLogsRelations: relations(magLogs, ({ many }) => ({ attendees: many(magAttendees) })),
};

const ROUNDS = 9;
const ROUND = { concurrency: 1, maxRequests: Number.MAX_SAFE_INTEGER, maxSeconds: 1 };

/** Each variant warmed, then timed in rounds taken in turn; answers each one's median of the rounds' medians, in ms. */
async function timeVariants(variants: Record<string, (n: number) => Promise<void>>): Promise<Record<string, number>> {
  const rounds: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (const read of Object.values(variants)) await timeSpell(read, { ...ROUND, maxSeconds: 2 });
  for (let round = 0; round < ROUNDS; round++) {
    const order = Object.keys(variants);
    if (round % 2 === 1) order.reverse();
    for (const name of order) rounds[name]!.push(median((await timeSpell(variants[name]!, ROUND)).samples));
  }
  return Object.fromEntries(Object.entries(rounds).map(([name, medians]) => [name, median(medians)]));
}

async function measure(database: BenchDatabase, today: string): Promise<void> {
  const clientIds = await fillDatabase(database, sizeAt(1), today);
  const connection = await openConfiguredDatabase(envOf(database));
  try {
    const { db } = connection;
    // The same client (the product's statement wrappers underneath) with the relations the relational queries need.
    const $client = (db as unknown as { $client: never }).$client;
    const relational = database.kind === 'PGlite' ? drizzlePglite({ client: $client, schema: { ...schema, ...clientRelations } }) : drizzlePg({ client: $client, schema: { ...schema, ...clientRelations } });

    const notArchived = eq(clients.archived, 'N');
    const listOrder = [desc(clients.createdAt), desc(clients.id)];
    const relationalList = relational.query.clients.findMany({ where: notArchived, orderBy: listOrder }).prepare('bench_clients_not_archived');
    const list = await timeVariants({
      'as JSON (the product)': async () => void (await selectRowsAsJson(db, clients, notArchived, listOrder)),
      'relational, prepared': async () => void (await relationalList.execute()),
    });

    const id = sql.placeholder('id');
    const relationalScreen = relational.query.clients
      .findFirst({
        where: eq(clients.id, id),
        with: {
          notes: { orderBy: [asc(notes.position)] },
          requests: { orderBy: [desc(requests.startDate)], with: { packages: { orderBy: [desc(packages.startDate)], with: { carer: { columns: { id: true, name: true } } } } } },
          exclusions: { orderBy: [asc(carerExclusions.carerId)], with: { carer: { columns: { id: true, name: true } } } },
          attendances: { where: eq(magAttendees.kind, 'client'), with: { magLog: { with: { attendees: { orderBy: [asc(magAttendees.name), asc(magAttendees.personId)] } } } } },
        },
      })
      .prepare('bench_client_screen');
    const screen = await timeVariants({
      'as JSON (the product)': async (n) => void (await clientScreen(db, { id: clientIds[n % clientIds.length]! })),
      'relational, prepared': async (n) => void (await relationalScreen.execute({ id: clientIds[n % clientIds.length]! })),
    });

    console.log(`\n${database.description}; ${sizeAt(1).clients.toLocaleString('en-GB')} clients, ${sizeAt(1).packages.toLocaleString('en-GB')} packages`);
    console.log('| read | as JSON (the product) | relational, prepared |\n| --- | ---: | ---: |');
    for (const [what, figures] of [['clients not archived (the list)', list], ["a client's screen (notes, requests, packages, carers, MAG, do-not-match)", screen]] as const) {
      console.log(`| ${what} | ${figures['as JSON (the product)']!.toFixed(2)} ms | ${figures['relational, prepared']!.toFixed(2)} ms |`);
    }
  } finally {
    await connection.close();
  }
}

const today = todayIn();
for (const newDatabase of [newPgliteDatabase, async () => { const url = await reachablePostgres(); return url ? newPostgresDatabase(url) : undefined; }]) {
  const database = await newDatabase();
  if (!database) continue;
  try {
    await measure(database, today);
  } finally {
    await database.remove();
  }
}
