import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createCaller, createTestApp, type TestApp } from './test-app';

/** A file's test app: all of a TestApp but closing it, which the file's hooks do. */
export type FileTestApp = Omit<TestApp, 'close'>;

/**
 * The test app of one test file, `t`, with an Admin's caller: opened before the file's tests and closed after them.
 * With `today`, the callers' date is that day from the start, and again before each test (a test may move it). What
 * it returns may be kept at the top of the file, callers included; it reaches the app only inside hooks and tests,
 * once the app is open.
 */
export function testAppForFile({ today, ...options }: NonNullable<Parameters<typeof createTestApp>[0]> & { today?: string } = {}): {
  t: FileTestApp;
  admin: ReturnType<TestApp['caller']>;
} {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(options);
    opened.setToday(today);
  });
  if (today) beforeEach(() => open().setToday(today));
  afterAll(() => opened?.close());
  const open = () => {
    if (!opened) throw new Error('The test app opens before the tests: use it inside a hook or a test.');
    return opened;
  };
  const t: FileTestApp = {
    get app() {
      return open().app;
    },
    get database() {
      return open().database;
    },
    // The call's context is read as each call is made: a caller may be made before the app opens.
    caller: (role, as) => createCaller(() => open().context(role, as)),
    context: (role, as) => open().context(role, as),
    idToken: (role, claims) => open().idToken(role, claims),
    auditRows: (recordId, procedure) => open().auditRows(recordId, procedure),
    setToday: (date, time) => open().setToday(date, time),
  };
  return { t, admin: t.caller('Admin') };
}
