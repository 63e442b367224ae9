import { describe, expect, it } from 'vitest';
import { idleRelease } from './idle-memory';

const MB = 1024 * 1024;

/** A process that has been quiet and collected once, resting at 200 MB. */
function setUp() {
  const clock = { ms: 0, resident: 200 * MB, collections: 0 };
  const release = idleRelease({
    collect: () => {
      clock.collections++;
      clock.resident = 200 * MB;
    },
    residentBytes: () => clock.resident,
    now: () => clock.ms,
  });
  release.check();
  clock.collections = 0;
  return { clock, release };
}

describe('idleRelease', () => {
  it('collects at the first quiet spell, clearing what starting up left', () => {
    let collections = 0;
    const release = idleRelease({ collect: () => collections++, residentBytes: () => 100 * MB, now: () => 0 });
    expect(release.check()).toBe(true);
    expect(collections).toBe(1);
  });

  it('collects once a quiet spell follows growth, and not again until the process grows', () => {
    const { clock, release } = setUp();
    release.requestStarted();
    clock.resident += 150 * MB;
    clock.ms = 300;
    release.requestEnded();

    clock.ms = 1_000;
    expect(release.check()).toBe(false);
    clock.ms = 2_300;
    expect(release.check()).toBe(true);
    expect(clock.collections).toBe(1);

    clock.ms = 10_000;
    expect(release.check()).toBe(false);
    expect(clock.collections).toBe(1);
  });

  it('never collects while a request is in flight, however long it takes', () => {
    const { clock, release } = setUp();
    release.requestStarted();
    clock.resident += 150 * MB;
    clock.ms = 60_000;
    expect(release.check()).toBe(false);
    release.requestEnded();
    clock.ms = 62_000;
    expect(release.check()).toBe(true);
  });

  it('measures growth from the lowest the process has rested at', () => {
    const { clock, release } = setUp();
    clock.resident = 150 * MB;
    expect(release.check()).toBe(false);
    clock.resident = 190 * MB;
    expect(release.check()).toBe(true);
  });

  it('leaves a process that has hardly grown alone', () => {
    const { clock, release } = setUp();
    release.requestStarted();
    clock.resident += 10 * MB;
    release.requestEnded();
    clock.ms = 5_000;
    expect(release.check()).toBe(false);
    expect(clock.collections).toBe(0);
  });
});
