import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudgets, line } from './budgets';
import { dataSetRows, sizeAt } from './data-set';
import { measureLatency, percentile } from './latency';
import { mixedLoadFigures, type Sample } from './mixed-load';
import { renderReport, writeReportSection } from './report';
import { type BenchResult, growthExponent, type MixedLoadFigures } from './results';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
  });
});

describe('measureLatency', () => {
  it('sends no more than asked, from every client, and counts each answer once', async () => {
    const sent: number[] = [];
    const figures = await measureLatency(async (n) => void sent.push(n), { concurrency: 4, maxRequests: 10, maxSeconds: 5 });
    expect(figures.requests).toBe(sent.length);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(sent.length).toBeLessThanOrEqual(13);
    expect(new Set(sent).size).toBe(sent.length);
  });
});

describe('growthExponent', () => {
  it('is 1 when time grows as the data, 2 when as its square', () => {
    const growth = [
      { packages: 1000, reportMs: { linear: 10, square: 10 } },
      { packages: 16000, reportMs: { linear: 160, square: 2560 } },
    ];
    expect(growthExponent(growth, 'linear')).toBeCloseTo(1);
    expect(growthExponent(growth, 'square')).toBeCloseTo(2);
  });
});

describe('the data set', () => {
  it('is the same every time, of the size asked, with every package on a request', () => {
    const size = sizeAt(0.01);
    const first = dataSetRows(size, '2026-11-22');
    const again = dataSetRows(size, '2026-11-22');
    expect(again).toEqual(first);
    expect(first.clients).toHaveLength(50);
    expect(first.packages).toHaveLength(400);
    const requestIds = new Set(first.requests.map((r) => r.id));
    expect(first.packages.every((p) => requestIds.has(p.requestId))).toBe(true);
  });
});

const figures = (p50Ms: number, p99Ms = p50Ms) => ({ requests: 10, p50Ms, p99Ms, perSecond: 1 });

const mixed = (perSecond: number, p99Ms: number, errors = 0): MixedLoadFigures => ({
  clients: 50,
  seconds: 30,
  requests: perSecond * 30,
  perSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  errors,
  serverCpuMsPerRequest: 2,
});

function resultWith(listP99Ms: number, reportMs: number): BenchResult {
  return {
    quick: true,
    startedAt: new Date('2026-11-22T12:00:00Z'),
    minutes: 1,
    machine: 'test',
    chromium: 'test',
    concurrency: 20,
    databases: [
      {
        kind: 'PGlite',
        description: 'test',
        size: sizeAt(0.01),
        operations: [
          { name: 'clients.getAllNotArchived', kind: 'list', product: { one: figures(5), fresh: figures(20), many: figures(90, listP99Ms) }, baseline: { one: figures(10), many: figures(80) } },
          { name: 'analytics.getPackagesReport', kind: 'report', product: { one: figures(2), fresh: figures(reportMs) }, baseline: { one: figures(reportMs) } },
          { name: 'clients.getById', kind: 'record', product: { one: figures(6) }, baseline: { one: figures(5) } },
          { name: 'clients.update', kind: 'update', product: { one: figures(16) }, baseline: { one: figures(5) } },
        ],
        growth: [],
        coldStartMs: 1000,
        rssMb: 100,
        peakRssMb: 120,
        mixedLoad: { product: mixed(600, 250), baseline: mixed(900, 120) },
      },
    ],
    browser: {
      landingScripts: { files: [], gzipBytes: 80_000 },
      appScripts: { files: [], gzipBytes: 300_000 },
      largestLazyChunk: { file: '-', gzipBytes: 0 },
      landingLcpMs: [400],
      clientsFirstRowsMs: [500],
      keystrokeMs: [50],
      listedClients: 5000,
    },
  };
}

describe('checkBudgets', () => {
  it('passes figures within their budgets and fails the others, marking those more than twice over; reports computed afresh', () => {
    const lines = checkBudgets(resultWith(140, 700));
    const verdict = (what: string) => lines.find((l) => l.what.startsWith(what))!;
    expect(verdict('clients.getAllNotArchived p99').verdict).toBe('PASS');
    expect(verdict('clients.getAllNotArchived product (computed afresh) ÷ baseline').verdict).toBe('PASS');
    expect(verdict('analytics.getPackagesReport over the full data set')).toMatchObject({ verdict: 'FAIL', farOver: true });
    const nearMiss = checkBudgets(resultWith(200, 300)).find((l) => l.what.startsWith('clients.getAllNotArchived p99'))!;
    expect(nearMiss).toMatchObject({ verdict: 'FAIL', farOver: false });
  });

  it('fails a list computed afresh in more than twice its baseline’s time, however fast its copy', () => {
    const result = resultWith(100, 100);
    result.databases[0]!.operations[0]!.product.fresh = figures(25);
    const line = checkBudgets(result).find((l) => l.what.startsWith('clients.getAllNotArchived product (computed afresh) ÷ baseline'))!;
    expect(line).toMatchObject({ figure: 2.5, verdict: 'FAIL' });
  });
});

describe('a budget line', () => {
  it('holds a figure to at most its limit, far over beyond twice it', () => {
    expect(line('x', 300, 300, 'ms')).toMatchObject({ verdict: 'PASS', farOver: false, atLeast: false });
    expect(line('x', 600, 300, 'ms')).toMatchObject({ verdict: 'FAIL', farOver: false });
    expect(line('x', 601, 300, 'ms')).toMatchObject({ verdict: 'FAIL', farOver: true });
  });

  it('holds a figure to at least a minimum, far under below half of it', () => {
    expect(line('x', 500, 500, 'requests/s', { atLeast: true })).toMatchObject({ verdict: 'PASS', farOver: false, atLeast: true });
    expect(line('x', 250, 500, 'requests/s', { atLeast: true })).toMatchObject({ verdict: 'FAIL', farOver: false });
    expect(line('x', 249, 500, 'requests/s', { atLeast: true })).toMatchObject({ verdict: 'FAIL', farOver: true });
  });
});

describe('the mixed load budgets', () => {
  const budget = (result: BenchResult, what: string) => checkBudgets(result).find((l) => l.what.startsWith(what))!;

  it('asks of the product at least 500 requests/s, a p99 of at most 300 ms and no errors', () => {
    const result = resultWith(100, 100);
    expect(budget(result, 'mixed load at 50 clients, requests/s')).toMatchObject({ figure: 600, limit: 500, atLeast: true, verdict: 'PASS' });
    expect(budget(result, 'mixed load at 50 clients, p99')).toMatchObject({ figure: 250, verdict: 'PASS' });
    expect(budget(result, 'mixed load at 50 clients, errors')).toMatchObject({ figure: 0, verdict: 'PASS' });
    result.databases[0]!.mixedLoad.product = mixed(200, 700, 1);
    expect(budget(result, 'mixed load at 50 clients, requests/s')).toMatchObject({ verdict: 'FAIL', farOver: true });
    expect(budget(result, 'mixed load at 50 clients, p99')).toMatchObject({ verdict: 'FAIL', farOver: true });
    expect(budget(result, 'mixed load at 50 clients, errors')).toMatchObject({ verdict: 'FAIL', farOver: true });
  });

  it('holds a client read and changed at one client to 1.5 times the baseline', () => {
    const result = resultWith(100, 100);
    expect(budget(result, 'clients.getById at 1 client ÷ baseline')).toMatchObject({ figure: 1.2, limit: 1.5, verdict: 'PASS' });
    expect(budget(result, 'clients.update at 1 client ÷ baseline')).toMatchObject({ figure: 3.2, verdict: 'FAIL', farOver: true });
  });

  it('are printed with their limits, beside a table of the product and the baseline', () => {
    const result = resultWith(100, 100);
    const report = renderReport(result, checkBudgets(result), 'npm run bench');
    expect(report).toContain('| mixed load at 50 clients, requests/s (PGlite) | 600 requests/s | ≥ 500 requests/s | PASS |');
    expect(report).toContain('| mixed load at 50 clients, errors (PGlite) | 0 errors | ≤ 0 errors | PASS |');
    expect(report).toMatch(/\| product \| 18,000 \| 600 \| 125 \| 250 \| 0 \| 2\.00 \|/);
    expect(report).toContain('| product ÷ baseline |  | 0.67× |');
  });
});

describe('mixedLoadFigures', () => {
  it('gives the CPU per request answered, and of the rest of the machine that of neither the server nor the load generator', () => {
    const samples: Sample[] = [
      { procedure: 'clients.getById', kind: 'read', ms: 10 },
      { procedure: 'clients.getById', kind: 'read', ms: 30 },
      { procedure: 'clients.update', kind: 'write', ms: 20, failure: 'HTTP 500' },
      { procedure: 'clients.getById', kind: 'read', ms: 40 },
    ];
    const figures = mixedLoadFigures({ seconds: 2, samples, cpu: { machine: 1.5, server: 0.5, loadGenerator: 0.2, loadGeneratorLoop: 0.1 } }, 50);
    expect(figures).toMatchObject({ clients: 50, requests: 4, perSecond: 2, p50Ms: 20, p99Ms: 40, errors: 1 });
    // 0.5 cores for 2 s is 1,000 ms over 4 requests; the rest is 1.5 − 0.5 − 0.2 = 0.8 cores.
    expect(figures.serverCpuMsPerRequest).toBeCloseTo(250);
    expect(figures.restCpuMsPerRequest).toBeCloseTo(400);
    expect(mixedLoadFigures({ seconds: 2, samples, cpu: { loadGenerator: 0.2, loadGeneratorLoop: 0.1 } }, 50).serverCpuMsPerRequest).toBeUndefined();
  });
});

describe('the JSON import budget', () => {
  it('holds an import of the data set to 60 s, and has no line when none was measured', () => {
    const result = resultWith(100, 100);
    expect(checkBudgets(result).some((l) => l.what.startsWith('import of the data set as JSON'))).toBe(false);
    result.databases[0]!.jsonImportMs = 61_000;
    expect(checkBudgets(result).find((l) => l.what.startsWith('import of the data set as JSON'))).toMatchObject({ limit: 60_000, verdict: 'FAIL', farOver: false });
    result.databases[0]!.jsonImportMs = 30_000;
    expect(checkBudgets(result).find((l) => l.what.startsWith('import of the data set as JSON'))!.verdict).toBe('PASS');
  });
});

describe('writeReportSection', () => {
  it('replaces its own section and keeps the others', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-report-')), 'BENCHMARKS.md');
    writeFileSync(file, '# Benchmarks\n\n## Load\n\nload figures\n\n## Benchmark\n\nold run\n\n## Later\n\nkept\n');
    writeReportSection(file, 'new run');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('load figures');
    expect(text).toContain('new run');
    expect(text).not.toContain('old run');
    expect(text).toContain('## Later\n\nkept');
    writeReportSection(file, 'newer run');
    expect(readFileSync(file, 'utf8').match(/^## Benchmark$/gm)).toHaveLength(1);
  });
});
