import { describe, expect, it } from 'vitest';
import { FreshCopies } from './fresh-copies';

/** A database whose state the test moves on, and answers the test finishes when it chooses. */
function setUp() {
  let state = 'S1';
  const copies = new FreshCopies<string>(async () => state);
  const pending: { stateAtStart: string; finish: () => void }[] = [];
  /** Work that answers with the state it started in, once the test finishes it. */
  const work = () =>
    new Promise<string>((resolve) => {
      const stateAtStart = state;
      pending.push({ stateAtStart, finish: () => resolve(stateAtStart) });
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { copies, pending, work, settle, write: (next: string) => (state = next) };
}

describe('FreshCopies', () => {
  it('serves the copy while the state is unchanged, and makes one again after a write', async () => {
    const { copies, pending, work, settle, write } = setUp();
    const first = copies.get('list', work);
    await settle();
    pending[0]!.finish();
    expect(await (await first).body).toBe('S1');
    expect(await (await copies.get('list', work)).body).toBe('S1');
    expect(pending).toHaveLength(1);
    write('S2');
    const after = copies.get('list', work);
    await settle();
    pending[1]!.finish();
    expect(await (await after).body).toBe('S2');
  });

  it('has callers who come while a copy is made from an older state share the one made next, from the state then', async () => {
    const { copies, pending, work, settle, write } = setUp();
    const first = copies.get('list', work);
    await settle();
    write('S2');
    const second = copies.get('list', work);
    write('S3');
    const third = copies.get('list', work);
    await settle();
    // Only the first is being worked out: the others wait for it rather than each working out their own.
    expect(pending.map((p) => p.stateAtStart)).toEqual(['S1']);
    pending[0]!.finish();
    expect(await (await first).body).toBe('S1');
    await settle();
    expect(pending.map((p) => p.stateAtStart)).toEqual(['S1', 'S3']);
    pending[1]!.finish();
    // Both get a copy at least as new as the state they found (S2, S3): the one made from S3.
    expect(await (await second).body).toBe('S3');
    expect(await (await third).body).toBe('S3');
  });

  it('keeps each key apart, and keeps no failed answer', async () => {
    const copies = new FreshCopies<string>(async () => 'S1');
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('bad input'));
    };
    await expect((await copies.get('report 2020', failing)).body).rejects.toThrow('bad input');
    await expect((await copies.get('report 2020', failing)).body).rejects.toThrow('bad input');
    expect(calls).toBe(2);
    expect(await (await copies.get('report 2021', async () => 'fine')).body).toBe('fine');
  });
});
