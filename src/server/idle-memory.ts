/**
 * Gives back to the system the memory a busy spell left behind. Computing a long list or a report afresh
 * makes about 100 MB of short-lived objects; V8 keeps the heap it grew to, and its own memory reducer waits
 * for a low allocation rate that it only measures at collections, which an idle server never has. Without
 * this, a server that once answered the big lists holds about 160 MB it no longer uses.
 */
import type { Server } from 'node:http';

/** No request for this long: the spell is over. */
const QUIET_MS = 2_000;
const CHECK_EVERY_MS = 1_000;
/** Growth since the last release below which a collection (about 0.1 s) is not worth it. */
const GROWTH_BYTES = 32 * 1024 * 1024;

interface IdleReleaseParts {
  /** Collects everything it can and hands free memory back. */
  collect: () => void;
  residentBytes: () => number;
  now: () => number;
}

/** When to collect: after a quiet spell, with no request in flight, once the process has grown. */
export function idleRelease({ collect, residentBytes, now }: IdleReleaseParts) {
  let inFlight = 0;
  let lastActivity = Number.NEGATIVE_INFINITY;
  // The first quiet spell always collects, which also clears what starting up left.
  let floor = 0;
  return {
    requestStarted() {
      inFlight++;
      lastActivity = now();
    },
    requestEnded() {
      inFlight--;
      lastActivity = now();
    },
    /** Collects when it is time; says whether it did. */
    check(): boolean {
      if (inFlight > 0 || now() - lastActivity < QUIET_MS) return false;
      const resident = residentBytes();
      if (resident - floor < GROWTH_BYTES) {
        floor = Math.min(floor, resident);
        return false;
      }
      collect();
      floor = residentBytes();
      return true;
    },
  };
}

/** Watches the server's requests and collects when it goes quiet; nothing without `--expose-gc` (SERVER_NODE_ARGS). */
export function releaseMemoryWhenIdle(server: Server): void {
  const gc = globalThis.gc;
  if (typeof gc !== 'function') return;
  const release = idleRelease({
    // The last-resort collection also returns the pages V8 keeps pooled; a plain one keeps them.
    collect: () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }),
    residentBytes: () => process.memoryUsage.rss(),
    now: () => performance.now(),
  });
  server.on('request', (_request, response) => {
    release.requestStarted();
    response.once('close', release.requestEnded);
  });
  setInterval(release.check, CHECK_EVERY_MS).unref();
}
