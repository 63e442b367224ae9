import { describe, expect, it } from 'vitest';
import { SEARCH_KEY_TABLE, searchKey } from './search-key';

describe('searchKey', () => {
  it('leaves out accents, capitals, apostrophes, hyphens and spaces', () => {
    expect(searchKey("Renée O'Connor")).toBe('reneeoconnor');
    expect(searchKey('renee oconnor')).toBe('reneeoconnor');
    expect(searchKey('José Ferreira-Jones')).toBe('joseferreirajones');
    expect(searchKey('Jose Ferreira Jones')).toBe('joseferreirajones');
    expect(searchKey('O’CONNOR')).toBe('oconnor');
    expect(searchKey('ŁUKASZ Dąbrowski')).toBe('lukaszdabrowski');
  });

  it('keeps other punctuation and digits, so hours and dates still read as typed', () => {
    expect(searchKey('1.5')).toBe('1.5');
    expect(searchKey('TA4 2AB')).toBe('ta42ab');
  });

  it('pairs every accented letter with the plain letter it decomposes to', () => {
    const from = [...SEARCH_KEY_TABLE.from];
    expect(from).toHaveLength(SEARCH_KEY_TABLE.to.length);
    const noDecomposition = new Set('ĐđĦħıĿŀŁłŉØøŦŧ');
    for (const [i, letter] of from.entries()) {
      if (!noDecomposition.has(letter)) expect(`${letter}→${SEARCH_KEY_TABLE.to[i]}`).toBe(`${letter}→${letter.normalize('NFD')[0]!.toLowerCase()}`);
    }
  });
});
