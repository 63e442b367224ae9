/**
 * The baseline: the same data by the plainest path there is. One hand-written SQL query per answer,
 * its rows serialised with JSON.stringify by a bare node:http handler: no framework, no validation,
 * no sign-in, no mapping, no audit. The product's figure divided by this one is the cost of everything
 * the product adds. Run as its own process, as the product is:
 *
 *   PORT=… DATA_DIR=… (or DATABASE_URL=…) node --import tsx bench/baseline-server.ts
 *
 * (startBaseline in servers.ts starts it as the product is started, by src/server/launch.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
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

/** Each answer: its SQL and parameters from the request's id and query string. */
const ROUTES: Record<string, (id: string, search: URLSearchParams) => [string, unknown[]]> = {
  'clients-not-archived': () => [`select * from clients where archived = 'N' order by created_at desc, id desc`, []],
  'requests-not-ended-yet': () => [
    `select r.*, c.name as client_name,
       (select coalesce(json_agg(p order by p.created_at desc, p.id desc), '[]') from packages p where p.request_id = r.id) as packages
     from requests r join clients c on c.id = r.client_id
     where r.end_date is null or r.end_date >= $1
     order by r.created_at desc, r.id desc`,
    [today()],
  ],
  'packages-not-ended-yet': () => [`select * from packages where end_date is null or end_date >= $1 order by created_at desc, id desc`, [today()]],
  client: (id) => [
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
  ],
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

const UPDATE_PHONE = `update clients set phone = $2, version = version + 1, updated_at = now() where id = $1 returning *`;

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

const database = connect();
const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, route = '', id = ''] = url.pathname.split('/');
    if (request.method === 'GET' && url.pathname === '/healthz') return send(response, 200, { status: 'ok' });
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
