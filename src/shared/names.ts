// People's names as a spreadsheet gives them ("margaret SMITH", "BETH evans") and as the charity writes them.

/**
 * Words that stay small inside a name, as in "Ana da Silva" or "Jan van der Berg"; never the first or last word,
 * which are names themselves ("Di Evans", "Anh Le").
 */
const PARTICLES = new Set(['da', 'das', 'de', 'del', 'della', 'der', 'di', 'do', 'dos', 'du', 'la', 'le', 'van', 'von', 'den', 'ter']);

/** A run of letters with a capital first: "o" → "O", "mcdonald" → "McDonald". */
function capitalised(part: string): string {
  const lower = part.toLocaleLowerCase('en-GB');
  if (/^mc\p{L}{2,}$/u.test(lower)) return `Mc${lower.charAt(2).toLocaleUpperCase('en-GB')}${lower.slice(3)}`;
  return lower.charAt(0).toLocaleUpperCase('en-GB') + lower.slice(1);
}

const isOneCase = (text: string) => {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters === letters.toLocaleUpperCase('en-GB') || letters === letters.toLocaleLowerCase('en-GB');
};

/**
 * A word's parts between hyphens and apostrophes, each typed all in capitals or all in small letters, written as
 * a name is ("SMITH" → "Smith", "o'CONNOR" → "O'Connor", "ann-JONES" → "Ann-Jones"); a part with capitals of its
 * own choosing ("DeVito", "McDonald") is left as typed.
 */
function tidyWord(word: string, inside: boolean): string {
  if (inside && isOneCase(word) && PARTICLES.has(word.toLocaleLowerCase('en-GB'))) return word.toLocaleLowerCase('en-GB');
  return word.replace(/[^-'’]+/g, (part) =>
    // Letters after a full stop start again (J.R.); letters after a digit do not (2nd).
    isOneCase(part) ? part.toLocaleLowerCase('en-GB').replace(/(^|[^\p{L}\p{N}])(\p{L}+)/gu, (_match, before: string, letters: string) => before + capitalised(letters)) : part,
  );
}

/** A name with tidy capitals: "margaret SMITH" is "Margaret Smith"; spacing is kept as typed. */
export function tidyCapitals(name: string): string {
  const words = name.match(/\S+/g)?.length ?? 0;
  let n = 0;
  return name.replace(/\S+/g, (word) => tidyWord(word, n++ > 0 && n < words));
}
