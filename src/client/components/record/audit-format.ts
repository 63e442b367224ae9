import { formatDate } from '@/client/lib/format';

/** One line of an audit entry: a field with its value before and after, or a fact about the event. */
export type AuditLine = { label: string; from: string; to: string } | { label: string; value: string };

/** Words the plain spelling of a field name gets wrong. */
const WORDS: Record<string, string> = { id: 'ID', dbs: 'DBS', mag: 'MAG', mp: 'MP', mps: 'MPs', ip: 'IP', email: 'e-mail' };

/** "publicLiabilityExpiry" → "public liability expiry"; "dbsExpiry" → "DBS expiry". */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A stored field path in the form's words: "details.address.postCode" → "Address › Post code". The "details"
 * level is how records are stored, not something staff see, so it is left out.
 */
function fieldLabel(path: string): string {
  const parts = path.split('.').filter((part) => part !== 'details' && part !== '');
  return parts.length === 0 ? capitalised(words(path)) : parts.map((part) => capitalised(words(part))).join(' › ');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMPTY = '(empty)';

/** An item of a list of records (notes, MAG attendees): its name, or a note's date, source, time and text. */
function describeItem(item: unknown): string {
  if (item === null || typeof item !== 'object') return formatValue(item);
  const record = item as Record<string, unknown>;
  if (typeof record.note === 'string') {
    const minutes = typeof record.minutesTaken === 'number' && record.minutesTaken > 0 ? `${record.minutesTaken} min` : '';
    const heading = [formatValue(record.date), record.source, minutes].filter(Boolean).join(', ');
    return `${heading}: ${record.note}`;
  }
  if (typeof record.name === 'string') return record.name;
  return Object.entries(record)
    .map(([key, value]) => `${words(key)} ${formatValue(value)}`)
    .join(', ');
}

/** A stored value in words: dates as "2 Mar 1940", yes or no, lists by comma; nothing is "(empty)". */
function formatValue(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (field.endsWith('archived') && (value === 'Y' || value === 'N')) return value === 'Y' ? 'Yes' : 'No';
    return ISO_DATE.test(value) ? formatDate(value) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(describeItem).join(', ');
  return describeItem(value);
}

const isRecordList = (value: unknown): value is unknown[] => Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object');

/** A list of records changed: the items taken out and put in, rather than both whole lists. */
function listLines(label: string, from: unknown, to: unknown): AuditLine[] {
  const before = Array.isArray(from) ? from : [];
  const after = Array.isArray(to) ? to : [];
  const keys = (list: unknown[]) => new Set(list.map((item) => JSON.stringify(item)));
  const [beforeKeys, afterKeys] = [keys(before), keys(after)];
  const removed = before.filter((item) => !afterKeys.has(JSON.stringify(item)));
  const added = after.filter((item) => !beforeKeys.has(JSON.stringify(item)));
  const lines: AuditLine[] = [
    ...removed.map((item) => ({ label, value: `removed ${describeItem(item)}` })),
    ...added.map((item) => ({ label, value: `added ${describeItem(item)}` })),
  ];
  return lines.length > 0 ? lines : [{ label, value: 'reordered' }];
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  value !== null && typeof value === 'object' && 'from' in value && 'to' in value;

/**
 * An audit entry's stored changes as lines to read: "Phone: 01984 623000 → 01984 623111" for each field
 * that changed (a field empty before and after is left out), or "IP: 127.0.0.1" for an event's details.
 */
export function auditLines(changes: unknown): AuditLine[] {
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([path, change]): AuditLine[] => {
    // The version only guards against two people saving at once; it says nothing to staff.
    if (path === 'version') return [];
    const label = fieldLabel(path);
    if (!isChange(change)) return [{ label, value: formatValue(change, path) }];
    if (isRecordList(change.from) || isRecordList(change.to)) return listLines(label, change.from, change.to);
    const from = formatValue(change.from, path);
    const to = formatValue(change.to, path);
    return from === to ? [] : [{ label, from, to }];
  });
}
