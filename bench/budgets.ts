import { median } from './frontend';
import { type BenchResult, computedAnswer, growthExponent } from './results';

export type Verdict = 'PASS' | 'FAIL';

export interface BudgetLine {
  what: string;
  figure: number;
  limit: number;
  unit: 'ms' | 'KB' | 'MB' | '×' | 'requests/s' | 'errors' | '';
  /** The limit is a minimum (the figure must be at least it), not a maximum. */
  atLeast: boolean;
  verdict: Verdict;
  /** Missed by more than twice the budget (a minimum: by falling below half of it): the only kind of miss that fails a quick run. */
  farOver: boolean;
}

/** 1 KB = 1,000 bytes. */
export const KB = 1000;

/** A budget the figure must stay within: at most the limit, or with `atLeast` at least it. */
export function line(what: string, figure: number, limit: number, unit: BudgetLine['unit'], { atLeast = false } = {}): BudgetLine {
  const met = atLeast ? figure >= limit : figure <= limit;
  const farOver = atLeast ? figure < limit / 2 : figure > 2 * limit;
  return { what, figure, limit, unit, atLeast, verdict: met ? 'PASS' : 'FAIL', farOver };
}

/** Single records, read and changed, at one client: the product's median may be at most this many times the baseline's. */
const RECORD_RATIO_BUDGET = 1.5;

/** Reports with a budget of their own; the others have 300 ms. Planned against delivered also reads a year of daily entries. */
const REPORT_BUDGET_MS: Record<string, number> = { 'analytics.getDeliveredReport': 500 };

/**
 * The budgets of the issue, checked against a run. A budget named with a percentile is checked at it;
 * any other time at the median. Reports and the list ratios are checked on answers computed afresh,
 * not on the server's copies: that is what a caller waits for after any change.
 */
export function checkBudgets(result: BenchResult): BudgetLine[] {
  const lines: BudgetLine[] = [];
  for (const database of result.databases) {
    const on = `(${database.kind})`;
    for (const op of database.operations.filter((o) => o.kind === 'report' && database.kind === 'PGlite')) {
      lines.push(line(`${op.name} over the full data set, computed afresh, median ${on}`, computedAnswer(op.product).p50Ms, REPORT_BUDGET_MS[op.name] ?? 300, 'ms'));
    }
    for (const op of database.operations.filter((o) => o.kind === 'list')) {
      lines.push(line(`${op.name} p99 at ${result.concurrency} concurrent clients ${on}`, op.product.many!.p99Ms, 150, 'ms'));
      lines.push(line(`${op.name} product (computed afresh) ÷ baseline, median at 1 client ${on}`, computedAnswer(op.product).p50Ms / op.baseline.one.p50Ms, 2, '×'));
    }
    if (database.growth.length > 1) {
      for (const op of database.operations.filter((o) => o.kind === 'report')) {
        lines.push(line(`${op.name} time grows at most linearly with packages (exponent) ${on}`, growthExponent(database.growth, op.name), 1, ''));
      }
    }
    for (const op of database.operations.filter((o) => o.kind === 'timesheet' && database.kind === 'PGlite')) {
      lines.push(line(`${op.name} (the timesheet's week) over a year of daily entries, median at 1 client ${on}`, op.product.one.p50Ms, 200, 'ms'));
    }
    for (const op of database.operations.filter((o) => o.name === 'clients.getById' || o.name === 'clients.update')) {
      lines.push(line(`${op.name} at 1 client ÷ baseline, median ${on}`, op.product.one.p50Ms / op.baseline.one.p50Ms, RECORD_RATIO_BUDGET, '×'));
    }
    const mixed = database.mixedLoad.product;
    const atClients = `mixed load at ${mixed.clients} clients`;
    lines.push(line(`${atClients}, requests/s ${on}`, mixed.perSecond, 500, 'requests/s', { atLeast: true }));
    lines.push(line(`${atClients}, p99 ${on}`, mixed.p99Ms, 300, 'ms'));
    lines.push(line(`${atClients}, errors ${on}`, mixed.errors, 0, 'errors'));
    lines.push(line(`server memory (RSS) after the run ${on}`, database.rssMb, 400, 'MB'));
    if (database.jsonImportMs !== undefined) lines.push(line(`import of the data set as JSON into an empty database ${on}`, database.jsonImportMs, 60_000, 'ms'));
  }
  const browser = result.browser;
  lines.push(line('landing page initial JavaScript, gzip', browser.landingScripts.gzipBytes / KB, 120, 'KB'));
  lines.push(line('signed-in app (dashboard) initial JavaScript, gzip', browser.appScripts.gzipBytes / KB, 350, 'KB'));
  lines.push(line('landing page largest contentful paint, median', median(browser.landingLcpMs), 1000, 'ms'));
  lines.push(line(`clients search keystroke to filtered rows at ${browser.listedClients.toLocaleString('en-GB')} rows, median`, median(browser.keystrokeMs), 100, 'ms'));
  return lines;
}
