import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyCorruption,
  type Corruption,
  nullablePaths,
  optionalPaths,
  requiredPaths,
  ruleBreakingChange,
  unusualChange,
} from '@/server/test/corruptions';
import { callOverHttp, databaseFingerprint, errorOf, type RouterProcedure, routerProcedures } from '@/server/test/procedure-calls';
import { addProcedureExamples } from '@/server/test/procedure-examples';
import { testAppForFile } from '@/server/test/test-app-for-file';

/**
 * One seed for the whole file, printed by fast-check with any counterexample: FAST_CHECK_SEED=<seed>
 * replays the run.
 */
const seed = Number(process.env.FAST_CHECK_SEED) || Math.floor(Math.random() * 2 ** 31);
fc.configureGlobal({ seed });

/** Enough cases per procedure to reach every field of its input in most runs, and keep the file under a minute. */
const RULE_BREAKING_RUNS = 40;
const UNUSUAL_RUNS = 15;
const JUNK_RUNS = 10;

const procedures = routerProcedures();
const withInput = procedures.filter((p) => p.input);
const withoutInput = procedures.filter((p) => !p.input);

const { t } = testAppForFile();
let token: string;
let examples: Record<string, () => Promise<unknown>>;
beforeAll(async () => {
  token = await t.idToken('Admin');
  ({ examples } = await addProcedureExamples(t));
});

const fingerprint = () => databaseFingerprint(t.database.db);

/**
 * Procedures whose refusal is itself recorded: a wrong current password counts as a failed sign-in (so the
 * sign-in limits stop guessing there too) and is audited. Nothing else may change.
 */
const RECORDS_REFUSALS = new Set(['account.changePassword', 'account.startTwoStep', 'account.confirmTwoStep', 'account.resetTwoStep']);
/** Sent as a mutation only to keep what it is given (a phone's last ID token) out of addresses and logs: it changes nothing. */
const READS_AS_A_MUTATION = new Set(['carerApp.accessState']);
const withoutRefusalRecords = (tables: Record<string, string>) => ({ ...tables, audit_log: '', login_attempts: '' });

/** What a refusal may leave changed: nothing, or only its own record of the refused attempt. */
function expectUnchangedByRefusal(paths: readonly string[], before: Record<string, string>, after: Record<string, string>): void {
  if (paths.some((path) => RECORDS_REFUSALS.has(path))) expect(withoutRefusalRecords(after)).toEqual(withoutRefusalRecords(before));
  else expect(after).toEqual(before);
}
const call = (procedure: Pick<RouterProcedure, 'path' | 'type'>, input: unknown) => callOverHttp(t.app, procedure, input, token);

/** Signs that a message was written for a machine: SQL, driver errors, stack frames, a serialised object. */
const NOT_FOR_PEOPLE = /\bselect\b.+\bfrom\b|\binsert into\b|\bdelete from\b|\bviolates\b|\bconstraint\b|relation "|syntax error|sqlstate|duplicate key|invalid input syntax|\$\d+\b|\bat .+\.[jt]s:\d+|^\s*[[{]/i;

/** A refusal a person can act on: a 4xx whose message is short, plain text and gives nothing of the server away. */
function expectClearRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body.slice(0, 500)).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
  const message = errorOf(response)?.message ?? '';
  expect(message.trim(), response.body.slice(0, 500)).not.toBe('');
  expect(message.length, message.slice(0, 500)).toBeLessThan(2_000);
  expect(message).not.toMatch(NOT_FOR_PEOPLE);
}

function exampleFor(procedure: RouterProcedure): () => Promise<unknown> {
  const example = examples[procedure.path];
  if (!example) throw new Error(`${procedure.path} has no example input in procedure-examples.ts`);
  return example;
}

describe('the examples the hostile inputs start from', () => {
  it('has a valid example input for every procedure that takes one', async () => {
    for (const procedure of withInput) {
      const result = procedure.input!.safeParse(await exampleFor(procedure)());
      expect({ path: procedure.path, issues: result.error?.issues }).toEqual({ path: procedure.path, issues: undefined });
    }
  });
});

describe('input that breaks the rules', () => {
  it.each(withInput.map((p) => [p.path, p] as const))('%s answers 4xx with a clear message and changes nothing', async (_path, procedure) => {
    const valid = await exampleFor(procedure)();
    const required = requiredPaths(procedure.input!, valid);
    await fc.assert(
      fc.asyncProperty(ruleBreakingChange(valid, required, nullablePaths(procedure.input!, valid)), async (corruption) => {
        const before = await fingerprint();
        expectClearRefusal(await call(procedure, applyCorruption(valid, corruption)));
        expectUnchangedByRefusal([procedure.path], before, await fingerprint());
      }),
      { numRuns: RULE_BREAKING_RUNS },
    );
  });
});

describe('unusual values the rules may allow', () => {
  // Runs after the rule-breaking cases: an accepted change here moves the records on, so each case
  // starts from the records as they are now.
  it.each(withInput.map((p) => [p.path, p] as const))('%s never answers 5xx; the server refuses what the schema refuses, a refusal changes nothing, a change is audited', async (_path, procedure) => {
    const example = exampleFor(procedure);
    const shape = await example();
    const optional = optionalPaths(procedure.input!, shape);
    await fc.assert(
      fc.asyncProperty(unusualChange(shape, optional), async (corruption: Corruption) => {
        const input = applyCorruption(await example(), corruption);
        const before = await fingerprint();
        const response = await call(procedure, input);
        expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
        if (!procedure.input!.safeParse(input).success) expect(response.statusCode).toBeGreaterThanOrEqual(400);
        const after = await fingerprint();
        if (response.statusCode >= 400) {
          expectClearRefusal(response);
          expectUnchangedByRefusal([procedure.path], before, after);
        } else if (procedure.type === 'query' || READS_AS_A_MUTATION.has(procedure.path)) {
          // A read changes no record; reading personal data may itself be written to the audit log.
          expect({ ...after, audit_log: '' }).toEqual({ ...before, audit_log: '' });
        } else {
          // An accepted change is written to the audit log in the same transaction (DESIGN §4).
          expect(after.audit_log).not.toBe(before.audit_log);
        }
      }),
      { numRuns: UNUSUAL_RUNS },
    );
  });
});

describe('procedures that take no input', () => {
  it.each(withoutInput.map((p) => [p.path, p] as const))('%s ignores or refuses whatever it is sent, never a 5xx or a change', async (_path, procedure) => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (junk) => {
        const response = await call(procedure, junk);
        expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
        if (response.statusCode >= 400) expectClearRefusal(response);
        expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: JUNK_RUNS },
    );
  });
});

describe('requests that are not JSON the server can read', () => {
  const mutation = { path: 'clients.create', type: 'mutation' } as const;
  const post = (payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${mutation.path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });

  it('refuses a body over 1 MiB with 413 before parsing it, even when it is not JSON', async () => {
    const before = await fingerprint();
    const example = (await exampleFor(procedures.find((p) => p.path === mutation.path)!)()) as object;
    const valid = JSON.stringify({ ...example, padding: 'x'.repeat(1_100_000) });
    for (const payload of [valid, `{${'x'.repeat(2 * 1024 * 1024)}`]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/too large/i);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it.each([['{'], ['{"archived":'], ['[1,'], ['nul'], ["{'a': 1}"], ['{"a":1}}'], ['\u0000'], ['\uFEFF{}'], [''.padEnd(50, '[')]])(
    'answers 400, not 500, to the malformed body %j',
    async (payload) => {
      const before = await fingerprint();
      expectClearRefusal(await post(payload));
      expect((await post(payload)).statusCode).toBe(400);
      expect(await fingerprint()).toEqual(before);
    },
  );

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], ['application/xml']])(
    'refuses a body sent as %s with a 4xx',
    async (contentType) => {
      const before = await fingerprint();
      const response = await post('{"archived":"N"}', contentType);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(await fingerprint()).toEqual(before);
    },
  );

  it.each([['{'], ['%E0%A4%A'], ['[1,'], ['"unterminated']])('answers 400 to the malformed query input %j', async (raw) => {
    const response = await t.app.inject({ method: 'GET', url: `/trpc/clients.getById?input=${raw}`, headers: { authorization: `Bearer ${token}` } });
    expectClearRefusal(response);
  });
});

describe('batched calls', () => {
  const queries = withInput.filter((p) => p.type === 'query');
  // A recorded refusal counts towards a lock-out, so the same call alone could be answered differently.
  const mutations = withInput.filter((p) => p.type === 'mutation' && !RECORDS_REFUSALS.has(p.path));

  /** Two to four different procedures of one type (a batch is all queries or all mutations), by path. */
  const batchOf = (candidates: RouterProcedure[]) =>
    fc
      .uniqueArray(fc.constantFrom(...candidates.map((p) => p.path)), { minLength: 2, maxLength: 4 })
      .map((paths) => paths.map((path) => candidates.find((p) => p.path === path)!));

  async function batchedCall(batch: RouterProcedure[], inputs: unknown[]) {
    const paths = batch.map((p) => p.path).join(',');
    const keyed = JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input])));
    const headers = { authorization: `Bearer ${token}` };
    return batch[0]!.type === 'query'
      ? t.app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(keyed)}`, headers })
      : t.app.inject({ method: 'POST', url: `/trpc/${paths}?batch=1`, headers: { ...headers, 'content-type': 'application/json' }, payload: keyed });
  }

  it.each([
    ['queries', queries],
    ['mutations', mutations],
  ])('refuses each hostile call in a batch of %s with the status it gets alone', async (_kind, candidates) => {
    const valid = new Map<string, unknown>();
    for (const procedure of candidates) valid.set(procedure.path, await exampleFor(procedure)());
    const batchOfCorruptions = batchOf(candidates).chain((batch) =>
      fc.tuple(...batch.map((p) => ruleBreakingChange(valid.get(p.path), requiredPaths(p.input!, valid.get(p.path))))).map((changes) => ({
        paths: batch.map((p) => p.path),
        changes,
      })),
    );
    await fc.assert(
      fc.asyncProperty(batchOfCorruptions, async ({ paths, changes }) => {
        const batch = paths.map((path) => candidates.find((p) => p.path === path)!);
        const before = await fingerprint();
        const inputs = batch.map((p, i) => applyCorruption(valid.get(p.path), changes[i]!));
        const response = await batchedCall(batch, inputs);
        expect(await fingerprint()).toEqual(before);
        // A body over the limit is refused whole, before any call in it is read.
        if (response.statusCode === 413) return;
        // A batch whose calls fail differently answers 207 Multi-Status; each call carries its own status.
        expect([207, 400, 404, 409], response.body.slice(0, 500)).toContain(response.statusCode);
        const results = response.json() as { error?: { message: string; data?: { httpStatus?: number } } }[];
        expect(results).toHaveLength(batch.length);
        for (const [i, result] of results.entries()) {
          expect(result.error, JSON.stringify(result).slice(0, 500)).toBeDefined();
          const alone = await call(batch[i]!, inputs[i]);
          expect({ path: batch[i]!.path, status: result.error?.data?.httpStatus }).toEqual({ path: batch[i]!.path, status: alone.statusCode });
          expect(result.error?.message.trim()).not.toBe('');
          expect(result.error?.message).not.toMatch(NOT_FOR_PEOPLE);
        }
        expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: 20 },
    );
  });
});
