import { describe, expect, it } from 'vitest';
import { tidyCapitals } from './names';

describe('tidyCapitals', () => {
  it.each([
    ['margaret SMITH', 'Margaret Smith'],
    ['BETH evans', 'Beth Evans'],
    ['ANGUS MCDONALD', 'Angus McDonald'],
    ["renée o'connor", "Renée O'Connor"],
    ['RENÉE O’CONNOR', 'Renée O’Connor'],
    ['josé ferreira-jones', 'José Ferreira-Jones'],
    ['JAN VAN DER BERG', 'Jan van der Berg'],
    ['ana da silva', 'Ana da Silva'],
    ['anh LE', 'Anh Le'],
    ['di evans', 'Di Evans'],
    ['j.r. hartley', 'J.R. Hartley'],
  ])('makes %s %s', (typed, tidy) => {
    expect(tidyCapitals(typed)).toBe(tidy);
  });

  it('leaves a name with capitals of its own choosing as typed', () => {
    expect(tidyCapitals('Danny DeVito')).toBe('Danny DeVito');
    expect(tidyCapitals('Ian McKellen')).toBe('Ian McKellen');
    expect(tidyCapitals('Margaret Smith')).toBe('Margaret Smith');
  });

  it('keeps spacing and anything that is not a letter', () => {
    expect(tidyCapitals('  mary  ann-JONES 2nd ')).toBe('  Mary  Ann-Jones 2nd ');
    expect(tidyCapitals('')).toBe('');
  });
});
