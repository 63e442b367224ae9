import { formatDate, monthLabel } from '@/shared/dates';
import { RECORD_WORDS } from '@/shared/record-kinds';

// What a change did, in the charity's words ("Client Margaret Smith created", "March 2026 closed"), for the toast
// every successful change shows unless its screen says it itself (OWN_SUCCESS_TOAST).

/** Each kind of record as a toast names it, by the resource whose procedures change it. */
const RECORD_NOUNS = new Map<string, string>(Object.values(RECORD_WORDS).map((words) => [words.resource, words.label]));

/** What the change did, by the procedure's last word. */
const DONE: Record<string, string> = { create: 'created', update: 'saved', renew: 'renewed', delete: 'deleted', updateName: 'renamed' };

/** Changes that are not of one record. */
const OTHER: Record<string, (data: unknown, input: unknown) => string> = {
  'deliveries.closeMonth': (_data, input) => `${monthLabel(field(input, 'month') ?? '')} closed`,
  'deliveries.reopenMonth': (_data, input) => `${monthLabel(field(input, 'month') ?? '')} reopened`,
  'deliveries.setRecordingStart': (_data, input) => {
    const month = field(input, 'month');
    return month ? `Delivered care counted from ${monthLabel(month)}` : 'Delivered care counted from the first entry';
  },
  'compliance.updateSettings': () => 'Compliance settings saved',
  'carerApp.invite': (data) => (field(data, 'linkToPassOn') ? 'Invitation to the carer app ready: pass its link on' : 'Invitation to the carer app sent'),
  'carerApp.revoke': () => 'Access to the carer app ended',
  'carerApp.markSeen': () => 'Marked seen',
  'carerApp.resolve': (_data, input) =>
    field(input, 'action') === 'turnDown' ? 'Visit turned down: the carer reads why on their phone' : 'Visit recorded as delivered care',
  'reminders.updateSettings': () => 'Reminder settings saved',
  'clients.addExclusion': () => 'Carer not to be matched with this client: saved',
  'clients.removeExclusion': () => 'Carer may be matched with this client again',
  'dataProtection.anonymise': () => 'Anonymised',
  'deliveries.record': () => 'Visit saved',
  'deliveries.update': () => 'Visit saved',
  'deliveries.delete': () => 'Visit removed',
  'plannedVisits.change': (_data, input) =>
    ({
      move: 'Visit moved: offered to the carer',
      cancel: 'Visit cancelled: the carer is told',
      cover: 'Visit given to another carer: offered to them',
      extra: 'Extra visit added: offered to the carer',
      undo: 'Visit back as planned',
    })[field(input, 'action') ?? ''] ?? 'Visit changed',
  'visitPlans.set': () => 'Plan of visits saved',
  'clients.setKeyInformation': () => 'Key information saved',
  'availability.set': () => 'Availability saved',
};

function field(value: unknown, ...path: string[]): string | undefined {
  const found = path.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);
  return typeof found === 'string' && found ? found : undefined;
}

/** "Margaret Smith", "for Ivy Brown", "First Aid", "of 3 Mar 2026": how a record is named after its kind. */
function nameOf(resource: string, record: unknown): string | undefined {
  // A renewal answers the old and the new: the new one is named.
  const item = field(record, 'id') ? record : ((record as Record<string, unknown> | undefined)?.newRequest ?? (record as Record<string, unknown> | undefined)?.newPackage);
  if (resource === 'requests' || resource === 'packages') {
    const name = field(item, 'details', 'name');
    return name && `for ${name}`;
  }
  if (resource === 'trainingRecords') return field(item, 'details', 'recordName');
  if (resource === 'mag') {
    const date = field(item, 'date');
    return date && `of ${formatDate(date)}`;
  }
  return field(item, 'details', 'name');
}

/** The toast's words for a successful change of `path` ("clients.create") that answered `data` to `input`. */
export function successMessage(path: string, data: unknown, input: unknown): string {
  const other = OTHER[path];
  if (other) return other(data, input);
  const dot = path.lastIndexOf('.');
  const [resource, action] = [path.slice(0, dot), path.slice(dot + 1)];
  const noun = RECORD_NOUNS.get(resource);
  if (!noun) return 'Saved';
  const name = nameOf(resource, data);
  const named = name ? `${noun} ${name}` : noun;
  if (action === 'toggleArchive') return `${named} ${field(data, 'archived') === 'Y' ? 'archived' : 'restored'}`;
  if (action === 'updateName') return name ? `${noun} renamed to ${name.replace(/^for /, '')}` : `${noun} renamed`;
  return `${named} ${DONE[action] ?? 'saved'}`;
}
