import { FIRST_REPORT_YEAR } from '@/shared/constants';
import type { LoadShape, LatencyFigures } from './latency';
import { measureLatency } from './latency';

/** One HTTP request: a path on the server, and a JSON body for a POST. */
interface Call {
  path: string;
  body?: unknown;
}

export type OperationKind = 'list' | 'record' | 'update' | 'report';

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

export const REPORT_OPERATIONS: Operation[] = REPORTS.map(([procedure, route]) => ({
  name: procedure,
  kind: 'report',
  product: () => trpcQuery(procedure, REPORT_INPUT),
  fresh: () => trpcBatchOfOne(procedure, REPORT_INPUT),
  baseline: () => ({ path: `/${route}?startYear=${REPORT_INPUT.startYear}` }),
}));

/** The dashboard's three lists (spec §7), a client with everything related, one update, and the reports. */
export function operations(sample: RecordSample): Operation[] {
  const clientId = (n: number) => sample.clientIds[n % sample.clientIds.length]!;
  // Alternating numbers, so every update changes the record (and writes its audit row).
  const phone = (n: number) => `01984 ${String(600000 + (n % 2)).padStart(6, '0')}`;
  return [
    { name: 'clients.getAllNotArchived', kind: 'list', product: () => trpcQuery('clients.getAllNotArchived'), fresh: () => trpcBatchOfOne('clients.getAllNotArchived'), baseline: () => ({ path: '/clients-not-archived' }) },
    { name: 'requests.getAllNotEndedYet', kind: 'list', product: () => trpcQuery('requests.getAllNotEndedYet'), fresh: () => trpcBatchOfOne('requests.getAllNotEndedYet'), baseline: () => ({ path: '/requests-not-ended-yet' }) },
    { name: 'packages.getAllNotEndedYet', kind: 'list', product: () => trpcQuery('packages.getAllNotEndedYet'), fresh: () => trpcBatchOfOne('packages.getAllNotEndedYet'), baseline: () => ({ path: '/packages-not-ended-yet' }) },
    { name: 'clients.getById', kind: 'record', product: (n) => trpcQuery('clients.getById', { id: clientId(n) }), baseline: (n) => ({ path: `/client/${clientId(n)}` }) },
    ...REPORT_OPERATIONS,
    // Last: it changes the data the others read.
    {
      name: 'clients.update',
      kind: 'update',
      product: (n) => {
        const input = sample.clientUpdates[n % sample.clientUpdates.length]! as { details: Record<string, unknown> };
        return { path: '/trpc/clients.update', body: { ...input, details: { ...input.details, phone: phone(n) } } };
      },
      baseline: (n) => ({ path: `/client/${clientId(n)}`, body: { phone: phone(n) } }),
    },
  ];
}

/** Sends one call and reads its whole answer; anything but a 2xx is an error. */
export async function send(baseUrl: string, call: Call, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: call.body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${call.path.slice(0, 80)} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

/** A few untimed calls first, so neither side is measured while its code is still being compiled. */
const WARM_UP_CALLS = 3;

export async function timeCalls(
  baseUrl: string,
  call: (n: number) => Call,
  shape: LoadShape,
  headers: Record<string, string> = {},
): Promise<LatencyFigures> {
  for (let n = 0; n < WARM_UP_CALLS; n++) await send(baseUrl, call(n), headers);
  return measureLatency(async (n) => void (await send(baseUrl, call(n + WARM_UP_CALLS), headers)), shape);
}
