import fc from 'fast-check';
import type { z } from 'zod';

/** Where a value sits inside an input: object keys and list positions, from the top. */
export type Path = (string | number)[];

/**
 * One change to a valid input. Small and printable, so a failing case reads as what was done
 * ("oversized text at details.notes, 40000 characters") rather than as a 40,000-character string.
 */
export type Corruption =
  | { kind: 'replaced'; path: Path; value: unknown }
  | { kind: 'removed'; path: Path }
  | { kind: 'unknown key added'; path: Path; key: string }
  | { kind: 'oversized text'; path: Path; length: number; unit: string }
  | { kind: 'huge list'; path: Path; length: number }
  | { kind: 'characters inserted'; path: Path; characters: string };

interface Node {
  path: Path;
  value: unknown;
}

/** Every value inside an input, the input itself included. */
function nodesOf(value: unknown, path: Path = []): Node[] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => nodesOf(item, [...path, index]))
    : isObject(value)
      ? Object.entries(value).flatMap(([key, item]) => nodesOf(item, [...path, key]))
      : [];
  return [{ path, value }, ...inner];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'list' | 'object';
function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'object' : (typeof value as JsonType);
}

const ISO_DATE_OR_OPEN = /^(\d{4}-\d{2}-\d{2}|open)$/;
const RECORD_ID = /^[cmvrptg][a-z0-9]{15}$/;

const isDate = (node: Node) => typeof node.value === 'string' && ISO_DATE_OR_OPEN.test(node.value);
const isRecordId = (node: Node) => typeof node.value === 'string' && RECORD_ID.test(node.value);

/** The places in an input that hold a record id. */
export function recordIdsIn(value: unknown): { path: Path; id: string }[] {
  return nodesOf(value)
    .filter(isRecordId)
    .map((node) => ({ path: node.path, id: node.value as string }));
}

/** Keys whose removal the input's schema refuses (the top itself when the input may not be left out). */
export function requiredPaths(schema: z.ZodType, valid: unknown): Path[] {
  const keyed = nodesOf(valid).filter((node) => node.path.length === 0 || typeof node.path.at(-1) === 'string');
  return keyed.map((node) => node.path).filter((path) => !schema.safeParse(applyCorruption(valid, { kind: 'removed', path })).success);
}

/** Keys the schema lets the caller leave out. */
export function optionalPaths(schema: z.ZodType, valid: unknown): Path[] {
  const required = new Set(requiredPaths(schema, valid).map((path) => path.join('.')));
  return nodesOf(valid)
    .filter((node) => typeof node.path.at(-1) === 'string' && !required.has(node.path.join('.')))
    .map((node) => node.path);
}

/** Fields the schema lets be null ("not recorded", such as a carer's weekly hours available). */
export function nullablePaths(schema: z.ZodType, valid: unknown): Path[] {
  return nodesOf(valid)
    .filter((node) => node.path.length > 0 && node.value !== null && schema.safeParse(applyCorruption(valid, { kind: 'replaced', path: node.path, value: null })).success)
    .map((node) => node.path);
}

/** A corruption from arbitraries for its fields (printed as a plain object when a case fails). */
function change<T>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> {
  return fc.record(fields, { noNullPrototype: true });
}

// Values no field accepts -------------------------------------------------------------------------

/** One value of each JSON type; a field gets one whose type is not its own. */
const VALUES_OF_EVERY_TYPE: unknown[] = [null, true, false, 0, 42, -7.5, '', 'text', [], ['text'], [1, 2], {}, { id: 'c1' }];

function valueOfAnotherType(value: unknown, nullable: boolean): fc.Arbitrary<unknown> {
  return fc.constantFrom(...VALUES_OF_EVERY_TYPE.filter((other) => jsonType(other) !== jsonType(value) && !(nullable && other === null)));
}

/** Names no input has: privilege-sounding keys, prototype keys, near-misses of real ones. */
const unknownKeyName = fc.constantFrom(
  'isAdmin',
  'role',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'Id',
  'NAME',
  '',
  ' ',
  'details.name',
  '$where',
  'createdAt',
  'passwordHash',
);

/** Text far past any sane field length, in characters of one, two and four bytes. */
const oversizedLength = fc.integer({ min: 10_000, max: 100_000 });
const oversizedUnit = fc.constantFrom('x', 'é', '😀', '中');

/** Far more entries than any list allows. */
const hugeListLength = fc.integer({ min: 1_000, max: 20_000 });

/** Characters PostgreSQL cannot store as sent: NUL, and halves of a UTF-16 surrogate pair. */
const unstorableCharacters = fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDC00x', '\uDBFF\uDBFF');

/** Strings that look like dates but are not calendar dates written YYYY-MM-DD. */
const impossibleDate = fc.constantFrom(
  '2025-02-29',
  '2025-13-01',
  '2025-00-10',
  '2025-04-31',
  '2025-01-32',
  '0000-01-01',
  '2025-1-1',
  '20250101',
  '2025-01-01T00:00:00Z',
  '2025-01-01T12:00:00.000+01:00',
  '01/02/2025',
  'tomorrow',
  '-2025-01-01',
  '+02025-01-01',
  '２０２５-01-01',
  '2025-01-01; drop table clients',
);

/** Negative, out-of-range and non-finite numbers (JSON has no NaN, so those come as strings). */
const outOfRangeNumber = fc.constantFrom<unknown>(-1, -0.5, -1e308, 1e308, 2 ** 53, 'NaN', 'Infinity', '-Infinity', '1', '1e3');

/**
 * One change to `valid` that no procedure may accept: a value of the wrong type, a required key
 * removed, an unknown key, oversized text, a huge list, unstorable characters, an impossible date or
 * an out-of-range number.
 */
export function ruleBreakingChange(valid: unknown, required: Path[], nullable: Path[] = []): fc.Arbitrary<Corruption> {
  const mayBeNull = new Set(nullable.map((path) => path.join('.')));
  const nodes = nodesOf(valid);
  const of = (test: (node: Node) => boolean) => nodes.filter(test);
  const strings = of((node) => typeof node.value === 'string');
  const numbers = of((node) => typeof node.value === 'number');
  const lists = of((node) => Array.isArray(node.value));
  const objects = of((node) => isObject(node.value));
  const dates = of(isDate);
  const pick = (list: Node[]) => fc.constantFrom(...list.map((node) => node.path));

  const changes: fc.Arbitrary<Corruption>[] = [
    fc
      .constantFrom(...nodes)
      .chain((node) => valueOfAnotherType(node.value, mayBeNull.has(node.path.join('.'))).map((value): Corruption => ({ kind: 'replaced', path: node.path, value }))),
  ];
  if (required.length) changes.push(fc.constantFrom(...required).map((path): Corruption => ({ kind: 'removed', path })));
  if (objects.length) {
    changes.push(change({ kind: fc.constant('unknown key added' as const), path: pick(objects), key: unknownKeyName }));
  }
  if (strings.length) {
    changes.push(
      change({ kind: fc.constant('oversized text' as const), path: pick(strings), length: oversizedLength, unit: oversizedUnit }),
      change({ kind: fc.constant('characters inserted' as const), path: pick(strings), characters: unstorableCharacters }),
    );
  }
  if (lists.length) changes.push(change({ kind: fc.constant('huge list' as const), path: pick(lists), length: hugeListLength }));
  if (dates.length) changes.push(change({ kind: fc.constant('replaced' as const), path: pick(dates), value: impossibleDate }));
  if (numbers.length) changes.push(change({ kind: fc.constant('replaced' as const), path: pick(numbers), value: outOfRangeNumber }));
  return fc.oneof(...changes);
}

// Values a field may or may not accept ------------------------------------------------------------

/** Text people really type, and text meant to break queries and pages: all of it storable. */
const unusualText = fc.constantFrom(
  '😀 Edna 👩🏽‍🦳',
  '\u202Eevil\u202C',
  '\u200B',
  'e\u0301',
  '中文名字',
  'שלום',
  "O'Brien",
  'Robert"); drop table clients;--',
  '%_\\',
  '<script>alert(1)</script>',
  '   padded   ',
  '\n\t',
  '\uFEFF',
  '\u0007',
);

/** Real dates at the edges of the calendar, and the words and blanks some date fields allow. */
const edgeDate = fc.constantFrom('0001-01-01', '9999-12-31', '2024-02-29', '1900-01-01', '1970-01-01', '', 'open', ' 2025-01-06 ');

/** Numbers at and just past the usual limits, fractions included. */
const edgeNumber = fc.constantFrom(0, 0.5, 1, 1.25, 167.5, 168, 168.5, 10_000, 10_001, 1_000_000, 2 ** 31, 2 ** 53 - 1, 1e-7, 5e-324);

/** A well-formed id of the same kind that names no record. */
function unknownRecordId(id: string): string {
  return `${id[0]}zzzzzzzzzzzzzzz`;
}

/**
 * One change to `valid` that the rules may or may not allow: unusual text, edge dates, edge numbers,
 * an optional key left out, or an id of no record.
 */
export function unusualChange(valid: unknown, optional: Path[]): fc.Arbitrary<Corruption> {
  const nodes = nodesOf(valid);
  const strings = nodes.filter((node) => typeof node.value === 'string');
  const numbers = nodes.filter((node) => typeof node.value === 'number');
  const dates = nodes.filter(isDate);
  const ids = nodes.filter(isRecordId);
  const pick = (list: Node[]) => fc.constantFrom(...list.map((node) => node.path));

  const changes: fc.Arbitrary<Corruption>[] = [];
  if (strings.length) changes.push(change({ kind: fc.constant('replaced' as const), path: pick(strings), value: unusualText }));
  if (dates.length) changes.push(change({ kind: fc.constant('replaced' as const), path: pick(dates), value: edgeDate }));
  if (numbers.length) changes.push(change({ kind: fc.constant('replaced' as const), path: pick(numbers), value: edgeNumber }));
  if (optional.length) changes.push(fc.constantFrom(...optional).map((path): Corruption => ({ kind: 'removed', path })));
  if (ids.length) {
    changes.push(
      fc.constantFrom(...ids).map((node): Corruption => ({ kind: 'replaced', path: node.path, value: unknownRecordId(node.value as string) })),
    );
  }
  // An input with nothing in it to vary (an empty object) is sent as it is.
  if (!changes.length) changes.push(fc.constant<Corruption>({ kind: 'replaced', path: [], value: valid }));
  return fc.oneof(...changes);
}

// Applying a change ---------------------------------------------------------------------------------

/** `valid` with the change made (a copy); a path that no longer exists leaves it as it was. */
export function applyCorruption(valid: unknown, corruption: Corruption): unknown {
  const { path } = corruption;
  if (path.length === 0) return corruptedValue(valid, corruption);
  const copy = structuredClone(valid);
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], copy);
  const key = path.at(-1)!;
  if (parent === null || typeof parent !== 'object' || !(key in parent)) return copy;
  const holder = parent as Record<string | number, unknown>;
  if (corruption.kind === 'removed') {
    if (Array.isArray(holder)) holder.splice(key as number, 1);
    else delete holder[key];
    return copy;
  }
  setOwn(holder, key, corruptedValue(holder[key], corruption));
  return copy;
}

function corruptedValue(value: unknown, corruption: Corruption): unknown {
  switch (corruption.kind) {
    case 'replaced':
      return corruption.value;
    case 'removed':
      return undefined;
    case 'unknown key added': {
      const copy = structuredClone(value) as Record<string, unknown>;
      setOwn(copy, corruption.key, 'unexpected');
      return copy;
    }
    case 'oversized text':
      // Counted in characters, as the length limits are (an emoji is one character, two UTF-16 units).
      return corruption.unit.repeat(corruption.length);
    case 'huge list': {
      const list = value as unknown[];
      return Array.from({ length: corruption.length }, () => list[0] ?? 'x');
    }
    case 'characters inserted': {
      const text = value as string;
      const middle = Math.floor(text.length / 2);
      return `${text.slice(0, middle)}${corruption.characters}${text.slice(middle)}`;
    }
  }
}

/** Sets an own property, `__proto__` included (plain assignment would change the prototype instead). */
function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
