/**
 * The baseline: the same data by the plainest path there is. One hand-written SQL query per answer,
 * its rows serialised with JSON.stringify by a bare node:http handler: no framework, no validation,
 * no sign-in, no mapping. The product's figure divided by this one is the cost of everything the product
 * adds. What the product must do, it does too: every change writes its audit row in the same statement.
 *
 * It answers at two sets of URLs: its own short ones, which the benchmark's timed operations call
 * (operations.ts), and the product's (`GET /trpc/<procedure>?input=<json>`, `POST /trpc/<procedure>` with a
 * JSON body, any bearer token accepted, answers as `{"result":{"data":…}}`) for the procedures of the mixed
 * load (mixed-load.ts), so that the same load generator drives both. A change is one statement: the insert or
 * update (… returning), the audit row of each record it wrote, and its answer, which the statement builds
 * with json_build_object in the shape the load reads back.
 *
 * Run as its own process, as the product is:
 *
 *   PORT=… DATA_DIR=… (or DATABASE_URL=…) node --import tsx bench/baseline-server.ts
 *
 * (startBaseline in servers.ts starts it as the product is started, by src/server/launch.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { newId } from '@/server/db/ids';
import { CHARITY_TIME_ZONE, todayIn } from '@/shared/dates';

type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

function connect(): { query: Query; close: () => Promise<void> } {
  if (process.env.DATABASE_URL) {
    // The product's pool size, so neither side waits for connections the other has.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const db = new PGlite(path.join(process.env.DATA_DIR!, 'pglite'));
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

const today = () => todayIn(process.env.TZ_CHARITY ?? CHARITY_TIME_ZONE);

/** Items of a hours report by the month: weekly hours × active days / 7, split evenly over services. */
function hoursReport(items: 'requests' | 'packages', group: string): string {
  const source =
    items === 'requests'
      ? 'select start_date, end_date, weekly_hours, locality, services, deprivation_income, deprivation_health from requests'
      : `select p.start_date, p.end_date, p.weekly_hours, p.locality, p.services, r.deprivation_income, r.deprivation_health
         from packages p join requests r on r.id = p.request_id`;
  return `select extract(year from m)::int as year, extract(month from m)::int as month, ${group} as group_name,
      coalesce(s.service, 'Unspecified') as service,
      sum(i.weekly_hours / greatest(cardinality(i.services), 1)
        * (least(coalesce(i.end_date, $2::date), $2::date, (m + interval '1 month')::date - 1) - greatest(i.start_date, m::date) + 1)) / 7 as hours
    from (${source}) as i
    cross join lateral generate_series(date_trunc('month', greatest(i.start_date, make_date($1::int, 1, 1))),
      least(coalesce(i.end_date, $2::date), $2::date), interval '1 month') as m
    left join lateral unnest(i.services) as s(service) on true
    group by 1, 2, 3, 4`;
}

/** Planned hours (the packages report's rule) beside delivered hours and missed visits, summed from every entry. */
function deliveredReport(): string {
  return `with planned as (${hoursReport('packages', 'locality')}),
    delivered as (
      select extract(year from d.date)::int as year, extract(month from d.date)::int as month, p.locality as group_name,
        coalesce(s.service, 'Unspecified') as service, sum(d.hours / greatest(cardinality(p.services), 1)) as hours,
        count(*) filter (where d.status = 'missed') as missed
      from deliveries d join packages p on p.id = d.package_id
      left join lateral unnest(p.services) as s(service) on true
      where d.date >= make_date($1::int, 1, 1)
      group by 1, 2, 3, 4)
    select year, month, group_name, service, planned.hours as planned_hours, delivered.hours as delivered_hours, delivered.missed
    from planned full join delivered using (year, month, group_name, service)`;
}

const DEPRIVATION = `case when deprivation_income and deprivation_health then 'Both' when deprivation_income then 'Income'
  when deprivation_health then 'Health' else 'None' end`;

/** A statement and its parameters. */
type Statement = [string, unknown[]];

const clientsNotArchived = (): Statement => [`select * from clients where archived = 'N' order by created_at desc, id desc`, []];

const requestsNotEndedYet = (): Statement => [
  `select r.*, c.name as client_name,
     (select coalesce(json_agg(p order by p.created_at desc, p.id desc), '[]') from packages p where p.request_id = r.id) as packages
   from requests r join clients c on c.id = r.client_id
   where r.end_date is null or r.end_date >= $1
   order by r.created_at desc, r.id desc`,
  [today()],
];

const packagesNotEndedYet = (): Statement => [`select * from packages where end_date is null or end_date >= $1 order by created_at desc, id desc`, [today()]];

const clientById = (id: string): Statement => [
  `select c.*,
     (select coalesce(json_agg(n order by n.position), '[]') from notes n where n.client_id = c.id) as notes,
     (select coalesce(json_agg(json_build_object('request', r, 'packages',
        (select coalesce(json_agg(p order by p.start_date desc), '[]') from packages p where p.request_id = r.id)) order by r.start_date desc), '[]')
      from requests r where r.client_id = c.id) as requests,
     (select coalesce(json_agg(json_build_object('log', g, 'attendees',
        (select json_agg(a) from mag_attendees a where a.mag_log_id = g.id)) order by g.date desc), '[]')
      from mag_logs g join mag_attendees me on me.mag_log_id = g.id and me.person_id = c.id and me.kind = 'client') as mag_logs
   from clients c where c.id = $1`,
  [id],
];

/** Each answer: its SQL and parameters from the request's id and query string. */
const ROUTES: Record<string, (id: string, search: URLSearchParams) => Statement> = {
  'clients-not-archived': clientsNotArchived,
  'requests-not-ended-yet': requestsNotEndedYet,
  'packages-not-ended-yet': packagesNotEndedYet,
  client: (id) => clientById(id),
  'deliveries-week': (_, search) => [
    `select p.id, p.carer_id, carer.name as carer_name, client.name as client_name, p.name, p.start_date, p.end_date, p.weekly_hours, p.archived,
       (select coalesce(json_agg(d order by d.date), '[]') from deliveries d where d.package_id = p.id and d.date between $1::date and $1::date + 6) as entries
     from packages p join carers carer on carer.id = p.carer_id join requests r on r.id = p.request_id join clients client on client.id = r.client_id
     where p.start_date <= $1::date + 6 and (p.end_date is null or p.end_date >= $1::date)
     order by carer.name, client.name, p.start_date, p.id`,
    [search.get('weekStart')],
  ],
  'requests-report': (_, search) => [hoursReport('requests', 'locality'), [search.get('startYear'), today()]],
  'packages-report': (_, search) => [hoursReport('packages', 'locality'), [search.get('startYear'), today()]],
  'requests-deprivation-report': (_, search) => [hoursReport('requests', DEPRIVATION), [search.get('startYear'), today()]],
  'packages-deprivation-report': (_, search) => [hoursReport('packages', DEPRIVATION), [search.get('startYear'), today()]],
  'delivered-report': (_, search) => [deliveredReport(), [search.get('startYear'), today()]],
};

/**
 * Weekly hours of the items not ended yet, less those renewed on the day they end, in all, by locality and
 * by service (each item's hours shared evenly over its services).
 */
function crossSection(items: 'requests' | 'packages'): string {
  const renewed =
    items === 'requests'
      ? `exists (select 1 from requests successor where successor.client_id = i.client_id and successor.request_type = i.request_type
           and successor.start_date = i.end_date and successor.id <> i.id)`
      : `exists (select 1 from packages successor join requests sr on sr.id = successor.request_id join requests own on own.id = i.request_id
           where successor.carer_id = i.carer_id and sr.client_id = own.client_id and successor.start_date = i.end_date and successor.id <> i.id)`;
  return `select i.locality, coalesce(s.service, 'Unspecified') as service, sum(i.weekly_hours / greatest(cardinality(i.services), 1)) as hours
    from ${items} i left join lateral unnest(i.services) as s(service) on true
    where (i.end_date is null or i.end_date >= $1) and (i.end_date is null or not ${renewed})
    group by grouping sets ((), (i.locality), (coalesce(s.service, 'Unspecified')))`;
}

/** Inputs of the product's procedures, as far as the baseline reads them. */
interface TrpcInput {
  id?: string;
  startYear?: number;
}

/** The product's queries of the mixed load; `one` answers the first row, the others every row. */
const TRPC_QUERIES: Record<string, { statement: (input: TrpcInput) => Statement; one?: true }> = {
  'clients.getAllNotArchived': { statement: clientsNotArchived },
  'requests.getAllNotEndedYet': { statement: requestsNotEndedYet },
  'packages.getAllNotEndedYet': { statement: packagesNotEndedYet },
  // The package form's light list of requests, with the weekly hours of each one's running packages.
  'requests.getAllMetadata': {
    statement: () => [
      `select r.id, r.client_id, c.name as client_name, r.custom_id, r.locality, r.weekly_hours, r.start_date, r.end_date, r.archived,
         (select coalesce(sum(p.weekly_hours), 0) from packages p where p.request_id = r.id and (p.end_date is null or p.end_date >= $1)) as hours_in_service
       from requests r join clients c on c.id = r.client_id
       order by r.created_at desc, r.id desc`,
      [today()],
    ],
  },
  // With the training records their compliance is judged by.
  'volunteers.getAllNotArchived': {
    statement: () => [
      `select v.*,
         (select coalesce(json_agg(json_build_object('recordName', t.record_name, 'expiryDate', t.expiry_date)), '[]')
          from training_records t where t.owner_id = v.id and t.archived = 'N') as training
       from carers v where v.id like 'v%' and v.archived = 'N'
       order by v.created_at desc, v.id desc`,
      [],
    ],
  },
  'clients.getById': { statement: ({ id }) => clientById(id!), one: true },
  'requests.getById': {
    statement: ({ id }) => [
      `select r.*, c.name as client_name,
         (select coalesce(json_agg(json_build_object('package', p, 'carerName', carer.name) order by p.created_at, p.id), '[]')
          from packages p join carers carer on carer.id = p.carer_id where p.request_id = r.id) as packages
       from requests r join clients c on c.id = r.client_id where r.id = $1`,
      [id],
    ],
    one: true,
  },
  'packages.getById': {
    statement: ({ id }) => [`select p.*, carer.name as carer_name from packages p join carers carer on carer.id = p.carer_id where p.id = $1`, [id]],
    one: true,
  },
  'analytics.getActiveRequestsCrossSection': { statement: () => [crossSection('requests'), [today()]] },
  'analytics.getActivePackagesCrossSection': { statement: () => [crossSection('packages'), [today()]] },
  'analytics.getRequestsReport': { statement: ({ startYear }) => [hoursReport('requests', 'locality'), [startYear, today()]] },
  'analytics.getPackagesReport': { statement: ({ startYear }) => [hoursReport('packages', 'locality'), [startYear, today()]] },
  'analytics.getRequestsDeprivationReport': { statement: ({ startYear }) => [hoursReport('requests', DEPRIVATION), [startYear, today()]] },
  'analytics.getPackagesDeprivationReport': { statement: ({ startYear }) => [hoursReport('packages', DEPRIVATION), [startYear, today()]] },
};

/** A record as the load's members of staff read it back, built by the statement from the row named `t`. */
const CLIENT_JSON = (t: string) => `json_build_object('id', ${t}.id, 'version', ${t}.version, 'archived', ${t}.archived, 'dateOfBirth', ${t}.date_of_birth,
  'details', json_build_object('name', ${t}.name, 'phone', ${t}.phone, 'services', ${t}.services,
    'address', json_build_object('streetAddress', ${t}.street_address, 'locality', ${t}.locality, 'county', ${t}.county, 'postCode', ${t}.post_code)))`;
const REQUEST_JSON = (t: string) => `json_build_object('id', ${t}.id, 'version', ${t}.version, 'clientId', ${t}.client_id, 'archived', ${t}.archived,
  'requestType', ${t}.request_type, 'startDate', ${t}.start_date, 'endDate', ${t}.end_date,
  'details', json_build_object('weeklyHours', ${t}.weekly_hours, 'services', ${t}.services, 'notes', ${t}.notes))`;
const PACKAGE_JSON = (t: string) => `json_build_object('id', ${t}.id, 'version', ${t}.version, 'carerId', ${t}.carer_id, 'requestId', ${t}.request_id,
  'archived', ${t}.archived, 'startDate', ${t}.start_date, 'endDate', ${t}.end_date,
  'details', json_build_object('name', ${t}.name, 'weeklyHours', ${t}.weekly_hours, 'services', ${t}.services, 'notes', ${t}.notes,
    'address', json_build_object('streetAddress', ${t}.street_address, 'locality', ${t}.locality, 'county', ${t}.county, 'postCode', ${t}.post_code)))`;

/** What the load sends: the product's inputs, as far as the baseline reads them. */
interface Address {
  streetAddress?: string;
  locality?: string;
  county?: string;
  postCode: string;
}
interface ChangeInput {
  id: string;
  version: number;
  archived?: string;
  dateOfBirth?: string;
  clientId: string;
  carerId: string;
  requestId: string;
  requestType: string;
  startDate: string;
  endDate: string | null;
  details: { name?: string; phone?: string; address: Address; services: string[]; weeklyHours: number; notes?: string };
  oldRequest: { id: string; version: number };
  newRequest: { details: { weeklyHours: number; services: string[]; notes: string } };
  oldPackage: { id: string; version: number };
  newPackage: { details: { name: string; weeklyHours: number; address: Address; services: string[]; notes: string } };
}

/** Who the baseline's audit rows name: it takes any bearer token and reads none. */
const BASELINE_ACTOR = "'bench.baseline@valecare.test', 'Coordinator'";

/**
 * A change and its audit rows in one statement: the `with` parts make the change (each `… returning *`, a
 * later part may read an earlier), an audit row is written for each record they return, and `answer` builds
 * the answer from them. Each audit row holds the record as written, as much as the product's holds of a new
 * record, and more than its differences of an update.
 */
function audited(procedure: string, parts: Record<string, string>, answer: string): string {
  const names = Object.keys(parts);
  const written = names.map((name) => `select id, to_jsonb(${name}) as changes from ${name}`).join(' union all ');
  return `with ${names.map((name) => `${name} as (${parts[name]})`).join(', ')},
    audited as (insert into audit_log (actor_email, actor_role, procedure, record_id, changes)
      select ${BASELINE_ACTOR}, '${procedure}', id, changes from (${written}) as w)
    select ${answer} as data from ${names.join(', ')}`;
}

/**
 * The product's changes of the mixed load: one statement each, whose one row's `data` is the answer. An
 * update names the version it read, so no row means a stale version or no such record.
 */
const TRPC_MUTATIONS: Record<string, (input: ChangeInput) => Statement> = {
  'clients.create': ({ dateOfBirth, details: d }) => [
    audited('clients.create', {
      saved: `insert into clients (id, name, date_of_birth, street_address, post_code, phone, services) values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    }, CLIENT_JSON('saved')),
    [newId('c'), d.name, dateOfBirth || null, d.address.streetAddress ?? '', d.address.postCode, d.phone ?? '', d.services],
  ],
  'clients.update': ({ id, version, archived, dateOfBirth, details: d }) => [
    audited('clients.update', {
      saved: `update clients set archived = $3, date_of_birth = $4, name = $5, street_address = $6, locality = $7, county = $8, post_code = $9,
         phone = $10, services = $11, version = version + 1, updated_at = now()
       where id = $1 and version = $2 returning *`,
    }, CLIENT_JSON('saved')),
    [id, version, archived, dateOfBirth || null, d.name, d.address.streetAddress, d.address.locality, d.address.county, d.address.postCode, d.phone, d.services],
  ],
  // A new request takes its client's address, as the product's does when given none.
  'requests.create': ({ clientId, startDate, details: d }) => [
    audited('requests.create', {
      saved: `insert into requests (id, client_id, start_date, weekly_hours, services, street_address, locality, county, post_code, deprivation_income, deprivation_health)
       select $1, c.id, $3::date, $4::numeric, $5::text[], c.street_address, c.locality, c.county, c.post_code, c.deprivation_income, c.deprivation_health
       from clients c where c.id = $2
       returning *`,
    }, REQUEST_JSON('saved')),
    [newId('r'), clientId, startDate, d.weeklyHours, d.services],
  ],
  'requests.update': ({ id, version, archived, requestType, startDate, endDate, details: d }) => [
    audited('requests.update', {
      saved: `update requests set archived = $3, request_type = $4, start_date = $5, end_date = $6, weekly_hours = $7, services = $8, notes = $9,
         version = version + 1, updated_at = now()
       where id = $1 and version = $2 returning *`,
    }, REQUEST_JSON('saved')),
    [id, version, archived, requestType, startDate, endDate, d.weeklyHours, d.services, d.notes ?? ''],
  ],
  // Ends the old request today and starts its successor today, with the new details.
  'requests.renew': ({ oldRequest, newRequest: { details: d } }) => [
    audited('requests.renew', {
      old: `update requests set end_date = $3, version = version + 1, updated_at = now() where id = $1 and version = $2 returning *`,
      new: `insert into requests (id, client_id, request_type, start_date, weekly_hours, services, notes, street_address, locality, county, post_code,
         deprivation_income, deprivation_health)
       select $4, client_id, request_type, $3::date, $5::numeric, $6::text[], $7, street_address, locality, county, post_code, deprivation_income, deprivation_health from old
       returning *`,
    }, `json_build_object('oldRequest', ${REQUEST_JSON('old')}, 'newRequest', ${REQUEST_JSON('new')})`),
    [oldRequest.id, oldRequest.version, today(), newId('r'), d.weeklyHours, d.services, d.notes],
  ],
  // Named after the request's client, as the product names a package given no name.
  'packages.create': ({ carerId, requestId, startDate, details: d }) => [
    audited('packages.create', {
      saved: `insert into packages (id, carer_id, request_id, start_date, name, weekly_hours, post_code, services)
       select $1, $2, r.id, $4::date, c.name, $5::numeric, $6, $7::text[] from requests r join clients c on c.id = r.client_id where r.id = $3
       returning *`,
    }, PACKAGE_JSON('saved')),
    [newId('p'), carerId, requestId, startDate, d.weeklyHours, d.address.postCode, d.services],
  ],
  'packages.update': ({ id, version, carerId, archived, startDate, endDate, details: d }) => [
    audited('packages.update', {
      saved: `update packages set carer_id = $3, archived = $4, start_date = $5, end_date = $6, name = $7, weekly_hours = $8, street_address = $9,
         locality = $10, county = $11, post_code = $12, services = $13, notes = $14, version = version + 1, updated_at = now()
       where id = $1 and version = $2 returning *`,
    }, PACKAGE_JSON('saved')),
    [id, version, carerId, archived, startDate, endDate, d.name, d.weeklyHours, d.address.streetAddress, d.address.locality, d.address.county, d.address.postCode, d.services, d.notes ?? ''],
  ],
  'packages.renew': ({ oldPackage, newPackage: { details: d } }) => [
    audited('packages.renew', {
      old: `update packages set end_date = $3, version = version + 1, updated_at = now() where id = $1 and version = $2 returning *`,
      new: `insert into packages (id, carer_id, request_id, start_date, name, weekly_hours, street_address, locality, county, post_code, services, notes)
       select $4, carer_id, request_id, $3::date, $5, $6::numeric, $7, $8, $9, $10, $11::text[], $12 from old
       returning *`,
    }, `json_build_object('oldPackage', ${PACKAGE_JSON('old')}, 'newPackage', ${PACKAGE_JSON('new')})`),
    [oldPackage.id, oldPackage.version, today(), newId('p'), d.name, d.weeklyHours, d.address.streetAddress, d.address.locality, d.address.county, d.address.postCode, d.services, d.notes],
  ],
};

/**
 * The timed `clients.update`: the phone number changed and, in the same statement, its audit row with the
 * number before and after, as the product's holds the fields that differ.
 */
const UPDATE_PHONE = `with saved as (
    update clients as c set phone = $2, version = c.version + 1, updated_at = now() from clients as before
    where c.id = $1 and before.id = c.id returning c.*, before.phone as phone_before),
  audited as (insert into audit_log (actor_email, actor_role, procedure, record_id, changes)
    select ${BASELINE_ACTOR}, 'clients.update', id, jsonb_build_object('details.phone', jsonb_build_object('from', phone_before, 'to', phone)) from saved)
  select * from saved`;

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

function send(response: ServerResponse, status: number, value: unknown) {
  const json = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

/** A procedure of the product's API, answered as tRPC answers it. */
async function answerProcedure(request: IncomingMessage, response: ServerResponse, procedure: string, search: URLSearchParams) {
  if (request.method === 'POST' && TRPC_MUTATIONS[procedure]) {
    const [text, params] = TRPC_MUTATIONS[procedure](JSON.parse(await body(request)) as ChangeInput);
    const [row] = (await database.query(text, params)) as { data: unknown }[];
    if (!row) return send(response, 409, { error: 'No such record at that version' });
    return send(response, 200, { result: { data: row.data } });
  }
  const query = TRPC_QUERIES[procedure];
  if (request.method !== 'GET' || !query) return send(response, 404, { error: 'Not found' });
  const input = search.has('input') ? (JSON.parse(search.get('input')!) as TrpcInput) : {};
  const rows = await database.query(...query.statement(input));
  return send(response, 200, { result: { data: query.one ? rows[0] : rows } });
}

const database = connect();
const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, route = '', id = ''] = url.pathname.split('/');
    if (request.method === 'GET' && url.pathname === '/healthz') return send(response, 200, { status: 'ok' });
    if (route === 'trpc') return await answerProcedure(request, response, id, url.searchParams);
    if (request.method === 'POST' && route === 'client') {
      const { phone } = JSON.parse(await body(request)) as { phone: string };
      return send(response, 200, (await database.query(UPDATE_PHONE, [id, phone]))[0]);
    }
    const query = ROUTES[route];
    if (request.method !== 'GET' || !query) return send(response, 404, { error: 'Not found' });
    const [text, params] = query(id, url.searchParams);
    const rows = await database.query(text, params);
    return send(response, 200, route === 'client' ? rows[0] : rows);
  } catch (error) {
    send(response, 500, { error: (error as Error).message });
  }
});

// No timeouts but Fastify's keep-alive: an idle connection the load reuses must not be closed under it
// (node:http's keep-alive is 5 s), nor a request queued behind slow reports answered 408 (its request
// timeout is 300 s), nor a connection reset once it has lived past the header timeout (60 s), which
// node:http may count from the connection's first request. It only ever serves the benchmark, on 127.0.0.1.
server.keepAliveTimeout = 72_000;
server.requestTimeout = 0;
server.headersTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
