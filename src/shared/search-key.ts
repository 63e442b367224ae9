// What a search compares: text with its accents, capitals, apostrophes, hyphens and spaces left out, so that
// "renee oconnor" finds Renée O'Connor and "ferreira jones" finds Ferreira-Jones. The lists and pickers work it
// out in the browser and the header search in SQL (server/db/like.ts), from the same table, so both find the same.

/** Letters with accents, capital and small, each beside the plain small letter it is searched as. */
const ACCENTED = 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňŉÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŶŸýÿŷŹŻŽźżž';
const PLAIN = 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz';

/** The table as SQL's translate() takes it. */
export const SEARCH_KEY_TABLE = { from: ACCENTED, to: PLAIN } as const;

/** What is left out of a search key besides accents and capitals: spaces, apostrophes and hyphens (as a regex class). */
export const IGNORED_IN_SEARCH = String.raw`[\s'’‘\-‐‑–]`;

const PLAIN_OF = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
const IGNORED = new RegExp(IGNORED_IN_SEARCH, 'g');

/** `text` as a search compares it: "Renée O'Connor" → "reneeoconnor". */
export function searchKey(text: string): string {
  let plain = text;
  // Lists work this out for every field of thousands of rows: most text has no accent to look up.
  if (!/^[\x20-\x7e]*$/.test(text)) {
    plain = '';
    for (const letter of text) plain += PLAIN_OF.get(letter) ?? letter;
  }
  return plain.toLowerCase().replace(IGNORED, '');
}

/**
 * Every word typed appears somewhere in `text`, in any order, each however it is typed ("mil smith" finds Ann
 * Smith in Milverton, "jose jones" José Ferreira-Jones): how pickers and the timesheet narrow as one types.
 */
export function matchesWords(text: string, typed: string): boolean {
  const key = searchKey(text);
  return typed
    .split(/\s+/)
    .map(searchKey)
    .filter(Boolean)
    .every((word) => key.includes(word));
}
