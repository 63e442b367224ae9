/**
 * How a person is recognised in free text written about other people (MAG notes, notes, comments, next of
 * kin), so that anonymising them can scrub what is certain and list what is not. Every term is matched as a
 * whole word, case-insensitively; what is too short or too common to be theirs alone is not a term at all
 * (docs/decisions/098-naming-in-others-free-text.md).
 */
export const ERASED = '[erased]';

export interface PersonMentions {
  /** The full name, the surname, e-mail, phone, street and full post code: replaced wherever they appear. */
  erase: RegExp | null;
  /** Other parts of the name (a first name alone): too common to replace, so listed for review. */
  review: RegExp | null;
  /** The same terms without word edges, for a database pre-filter (`~*`): matches at least what they match. */
  filter: string | null;
}

/** A literal in both JavaScript and PostgreSQL regular expressions; any run of spaces matches any other. */
function literal(text: string): string {
  return text
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
}

/** A UK post code with its inward part ("TA4 2AB"); a district alone ("TA4") points at no one. */
const FULL_POST_CODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;
/** UK phone numbers have 10 or 11 digits; fewer (an exchange code such as 01984) is shared by a whole area. */
const PHONE_DIGITS = 10;

function nameParts(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** The terms that certainly mean this person, longest first so a full name is replaced before its surname. */
function eraseTerms(person: { name: string; email: string; phone: string; streetAddress: string; postCode: string }): string[] {
  const parts = nameParts(person.name);
  const terms: string[] = [];
  if (parts.length > 1) terms.push(parts.map(literal).join('\\s+'));
  const surname = parts.at(-1) ?? '';
  if (surname.length >= 3) terms.push(literal(surname));
  if (person.email.includes('@')) terms.push(literal(person.email));
  const digits = person.phone.replace(/\D/g, '');
  if (digits.length >= PHONE_DIGITS) terms.push(digits.split('').join('[\\s-]?'));
  const street = person.streetAddress.trim();
  if (nameParts(street).length >= 2 && street.length >= 6) terms.push(literal(street));
  const postCode = FULL_POST_CODE.exec(person.postCode.trim());
  if (postCode) terms.push(`${postCode[1]}\\s*${postCode[2]}`);
  return terms.sort((a, b) => b.length - a.length);
}

/** Letters or digits on either side mean the term is part of another word or number. */
function wholeWords(terms: string[]): RegExp | null {
  return terms.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.join('|')})(?![\\p{L}\\p{N}])`, 'giu') : null;
}

export function personMentions(person: { name: string; email: string; phone: string; streetAddress: string; postCode: string }): PersonMentions {
  const erase = eraseTerms(person);
  const parts = nameParts(person.name);
  const surname = parts.length > 1 ? parts.at(-1) : undefined;
  const review = [...new Set(parts.filter((part) => part !== surname && part.length >= 2))].map(literal);
  const all = [...erase, ...review];
  return { erase: wholeWords(erase), review: wholeWords(review), filter: all.length ? all.join('|') : null };
}

/** The text with every certain mention of the person replaced. */
export function scrubText(text: string, mentions: PersonMentions): string {
  return mentions.erase ? text.replace(mentions.erase, ERASED) : text;
}

/** What in the text may still mean the person (their first name, say), as written there; null when nothing. */
export function reviewMention(text: string, mentions: PersonMentions): string | null {
  if (!mentions.review) return null;
  mentions.review.lastIndex = 0;
  return mentions.review.exec(text)?.[0] ?? null;
}
