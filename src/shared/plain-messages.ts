import { type z } from 'zod';

// The words every check says when its schema gives none of its own: what was given and what is accepted,
// as a member of staff would put it. Zod's own ("Invalid option: expected one of "no"|"pending"") are for
// programmers, and reached people through imports, the API and the forms alike.

type Issue = z.core.$ZodRawIssue;

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
export function wordList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How a value someone gave is shown back to them: text in quotes, at most 40 characters of it. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return 'A list';
  if (value === null) return 'Nothing';
  return typeof value === 'object' ? 'A group of fields' : 'This';
}

/** A value of a list as a person reads it: "pending" is "Pending". */
function accepted(value: unknown): string {
  const word = String(value);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What a type is called in a sentence: "is not a number". */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  date: 'a date as YYYY-MM-DD',
  datetime: 'a date and time',
  time: 'a time as HH:MM',
  uuid: 'an identifier',
  url: 'a web address',
};

const isMissing = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

function sizeMessage(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const beyond = issue.exact ? 'exactly' : big ? (issue.inclusive ? 'at most' : 'less than') : issue.inclusive ? 'at least' : 'more than';
  switch (issue.origin) {
    case 'string':
      return !big && limit === 1 ? 'Required' : `Write ${beyond} ${limit} character${limit === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return !big && limit === 1 ? 'Give at least one' : `Give ${beyond} ${limit} item${limit === 1 ? '' : 's'}`;
    default:
      return `${shownValue(issue.input)} is not ${beyond} ${limit}`;
  }
}

/** The plain message of an issue whose schema has none (set for every schema in schemas/common.ts). */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_value': {
      const words = issue.values.map(accepted);
      const list = words.length === 1 ? words[0] : `one of ${words.join(', ')}`;
      return isMissing(issue.input) ? `Choose ${list}` : `${shownValue(issue.input)} is not ${list}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `${shownValue(issue.input)} is not ${TYPE_WORDS[issue.expected] ?? 'accepted here'}`;
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return `${shownValue(issue.input)} is not ${FORMAT_WORDS[issue.format] ?? 'in the form accepted here'}`;
    case 'not_multiple_of':
      return `${shownValue(issue.input)} is not a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return 'Holds a value that is not accepted here';
    case 'invalid_union':
      return `${shownValue(issue.input)} is not accepted here`;
    default:
      return `${shownValue(issue.input)} is not accepted here`;
  }
}
