import http from 'node:http';
import { FIRST_REPORT_YEAR } from '@/shared/constants';
import { type LatencyFigures, latencyFigures, type LoadShape, type Spell, timeSpell } from './latency';

/** One HTTP request: a path on the server, and a JSON body for a POST. */
export interface Call {
  path: string;
  body?: unknown;
}

export type OperationKind = 'list' | 'record' | 'timesheet' | 'update' | 'report';

/** Something the benchmark times, by the product's API and by the baseline's plainest path. */
export interface Operation {
  name: string;
  kind: OperationKind;
  product: (n: number) => Call;
  /**
   * For a query the server answers from its copy while nothing changes (CACHED_QUERIES): the same call
   * as a batch of one, which the server computes afresh every time, as it does the first call after a write.
   */
  fresh?: (n: number) => Call;
  baseline: (n: number) => Call;
}

/** Records the single-record operations work through, in turn. */
export interface RecordSample {
  clientIds: string[];
  /** A full clients.update input per client (as the edit form sends it), phone number aside. */
  clientUpdates: Record<string, unknown>[];
  /** Mondays of the weeks the timesheet is opened at, in turn: this week and the ones before it. */
  weekStarts: string[];
}

function trpcQuery(procedure: string, input?: unknown): Call {
  return { path: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}` };
}

/** A batch of one call: tRPC answers it by running the procedure, never from the server's copy. */
function trpcBatchOfOne(procedure: string, input?: unknown): Call {
  return { path: `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: input }))}` };
}

/** The reports count from the first year they cover. */
const REPORT_INPUT = { startYear: FIRST_REPORT_YEAR };

const REPORTS = [
  ['analytics.getRequestsReport', 'requests-report'],
  ['analytics.getPackagesReport', 'packages-report'],
  ['analytics.getRequestsDeprivationReport', 'requests-deprivation-report'],
  ['analytics.getPackagesDeprivationReport', 'packages-deprivation-report'],
] as const;

/** Planned against delivered. */
const DELIVERED_REPORT_INPUT = { ...REPORT_INPUT, breakdown: 'locality' };

export const REPORT_OPERATIONS: Operation[] = [
  ...REPORTS.map(([procedure, route]) => ({
    name: procedure,
    kind: 'report' as const,
    product: () => trpcQuery(procedure, REPORT_INPUT),
    fresh: () => trpcBatchOfOne(procedure, REPORT_INPUT),
    baseline: () => ({ path: `/${route}?startYear=${REPORT_INPUT.startYear}` }),
  })),
  {
    name: 'analytics.getDeliveredReport',
    kind: 'report',
    product: () => trpcQuery('analytics.getDeliveredReport', DELIVERED_REPORT_INPUT),
    fresh: () => trpcBatchOfOne('analytics.getDeliveredReport', DELIVERED_REPORT_INPUT),
    baseline: () => ({ path: `/delivered-report?startYear=${REPORT_INPUT.startYear}` }),
  },
];

/**
 * A client with everything related and one update, then the dashboard's three lists (spec §7), the timesheet's
 * week and the reports. The single records come first: timed after the lists' load at many clients, the
 * product's change took a fifth longer while it was still collecting that load's garbage, which is the lists'
 * cost, not the change's. The update changes only phone numbers, which no list or report is the longer for.
 */
export function operations(sample: RecordSample): Operation[] {
  const clientId = (n: number) => sample.clientIds[n % sample.clientIds.length]!;
  const weekStart = (n: number) => sample.weekStarts[n % sample.weekStarts.length]!;
  // Alternating numbers, so every update changes the record (and writes its audit row).
  const phone = (n: number) => `01984 ${String(600000 + (n % 2)).padStart(6, '0')}`;
  return [
    { name: 'clients.getById', kind: 'record', product: (n) => trpcQuery('clients.getById', { id: clientId(n) }), baseline: (n) => ({ path: `/client/${clientId(n)}` }) },
    {
      name: 'clients.update',
      kind: 'update',
      product: (n) => {
        const input = sample.clientUpdates[n % sample.clientUpdates.length]! as { details: Record<string, unknown> };
        return { path: '/trpc/clients.update', body: { ...input, details: { ...input.details, phone: phone(n) } } };
      },
      baseline: (n) => ({ path: `/client/${clientId(n)}`, body: { phone: phone(n) } }),
    },
    { name: 'clients.getAllNotArchived', kind: 'list', product: () => trpcQuery('clients.getAllNotArchived'), fresh: () => trpcBatchOfOne('clients.getAllNotArchived'), baseline: () => ({ path: '/clients-not-archived' }) },
    { name: 'requests.getAllNotEndedYet', kind: 'list', product: () => trpcQuery('requests.getAllNotEndedYet'), fresh: () => trpcBatchOfOne('requests.getAllNotEndedYet'), baseline: () => ({ path: '/requests-not-ended-yet' }) },
    { name: 'packages.getAllNotEndedYet', kind: 'list', product: () => trpcQuery('packages.getAllNotEndedYet'), fresh: () => trpcBatchOfOne('packages.getAllNotEndedYet'), baseline: () => ({ path: '/packages-not-ended-yet' }) },
    {
      name: 'deliveries.getWeek',
      kind: 'timesheet',
      product: (n) => trpcQuery('deliveries.getWeek', { weekStart: weekStart(n) }),
      baseline: (n) => ({ path: `/deliveries-week?weekStart=${weekStart(n)}` }),
    },
    ...REPORT_OPERATIONS,
  ];
}

/**
 * Connections kept open between calls, as a browser keeps them. The load is driven by node:http, not
 * fetch: fetch's streams and text decoding cost the caller several times what sending a long list costs
 * the server, and on a shared machine the caller's work would be counted as the server's.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** What Chromium asks for, so a server that compresses may: answers are timed as sent, not unpacked. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * How long a call may go unanswered. The baseline's plain-SQL Delivered Care Report takes over 4 s on PGlite,
 * which runs one query at a time, so the last of twenty clients waits some 90 s on a quiet machine.
 */
const CALL_TIMEOUT_MS = 300_000;

/** An answer other than 2xx: its status and the start of its body. */
export class CallFailed extends Error {
  override name = 'CallFailed';
}

/** Sends one call and reads its whole answer (bytes, undecoded); anything but a 2xx is a CallFailed. */
export function send(baseUrl: string, call: Call, headers: Record<string, string> = {}, timeoutMs = CALL_TIMEOUT_MS): Promise<Buffer> {
  const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${call.path}`,
      {
        agent,
        method: body ? 'POST' : 'GET',
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const answer = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(answer);
          else reject(new CallFailed(`${call.path.slice(0, 80)} answered ${status}: ${answer.toString('utf8', 0, 300)}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${call.path.slice(0, 80)}: no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was taken for this call: the request never
      // reached the server, so it is sent again on a new connection (the retry Node's documentation gives).
      if (request.reusedSocket && error.code === 'ECONNRESET') send(baseUrl, call, headers, timeoutMs).then(resolve, reject);
      else reject(error);
    });
    request.end(body);
  });
}

/** A call as one server is asked it: where, what, and with the headers of a signed-in caller. */
export interface CallOn {
  url: string;
  call: (n: number) => Call;
  headers?: Record<string, string>;
}

/** Untimed calls made before a call is timed: at least `minCalls`, then until `maxCalls` or `maxMs` has passed. */
export interface WarmUp {
  minCalls: number;
  maxCalls: number;
  maxMs: number;
}

/**
 * Untimed calls first, until each side runs this call's code optimised: V8 optimises a function after many
 * calls, not a few, and the product's path is far longer than the baseline's. After three calls the product's
 * `clients.update` at one client still took twice what it takes once warm (the baseline's a half more). At
 * least three, then until a hundred have been made or a second has passed (a report takes a tenth of one or more).
 */
export const WARM_UP: WarmUp = { minCalls: 3, maxCalls: 100, maxMs: 1000 };

/**
 * A call of a few milliseconds held to the baseline's (one record, its update) warms for longer: after a hundred
 * calls the product's `clients.update` was still a third slower than the baseline in rounds of 0.3 s, and came
 * down to it only after some 700 more (three seconds); a quick run's five rounds timed it while still warming,
 * at 1.67× where it runs at 0.9×.
 */
export const LONG_WARM_UP: WarmUp = { minCalls: 3, maxCalls: 1500, maxMs: 4000 };

/** Warms one server up for a call; answers how many calls were made. */
async function warmUp({ url, call, headers }: CallOn, { minCalls, maxCalls, maxMs }: WarmUp): Promise<number> {
  const started = performance.now();
  let calls = 0;
  while (calls < minCalls || (calls < maxCalls && performance.now() - started < maxMs)) {
    await send(url, call(calls++), headers);
  }
  return calls;
}

/** One call on one server, warmed, then timed in one spell. */
export async function timeCalls(target: CallOn, shape: LoadShape): Promise<LatencyFigures> {
  return (await timeInTurn([target], shape, 1))[0]!;
}

/**
 * The same kind of call on several servers, each warmed, then timed in rounds: every round times each
 * server once, one after the other, the order reversed every other round so that a machine growing busier
 * or quieter over the rounds weighs on each alike. Every server's figures keep each round's median, so a
 * ratio between two servers can be taken round by round, from spells a few seconds apart.
 */
export async function timeInTurn(targets: readonly CallOn[], shape: LoadShape, rounds: number, { warm = WARM_UP as WarmUp | false } = {}): Promise<LatencyFigures[]> {
  const made: number[] = [];
  for (const target of targets) made.push(warm ? await warmUp(target, warm) : 0);
  const spells: Spell[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const { url, call, headers } = targets[i]!;
      const first = made[i]!;
      const spell = await timeSpell(async (n) => void (await send(url, call(first + n), headers)), shape);
      made[i] = first + spell.samples.length;
      spells[i]!.push(spell);
    }
  }
  return spells.map(latencyFigures);
}
