import { describe, expect, it } from 'vitest';
import { FIRST_REPORT_YEAR } from '@/shared/constants';
import { parseStartYear } from './start-year';

describe('the report start year', () => {
  it('takes the year typed', () => {
    expect(parseStartYear('2020', 2026)).toBe(2020);
    expect(parseStartYear(' 2024 ', 2026)).toBe(2024);
  });

  it('falls back to the current year when it cannot be read', () => {
    expect(parseStartYear('', 2026)).toBe(2026);
    expect(parseStartYear('twenty', 2026)).toBe(2026);
    expect(parseStartYear('-', 2026)).toBe(2026);
  });

  it('keeps within the first report year and the current year', () => {
    expect(parseStartYear('1999', 2026)).toBe(FIRST_REPORT_YEAR);
    expect(parseStartYear('2031', 2026)).toBe(2026);
  });

  it('reads a whole year from a decimal', () => {
    expect(parseStartYear('2021.7', 2026)).toBe(2021);
  });
});
