import { describe, expect, it } from 'vitest';
import { csvHours, formatHours, reportHours, surnameFirst } from './format';

describe('surnameFirst', () => {
  it('puts the last word first, so people sort by surname', () => {
    expect(surnameFirst('Ann Smith')).toBe('Smith Ann');
    expect(surnameFirst('  Mary Jane  Watson ')).toBe('Watson Mary Jane');
    expect(surnameFirst('Cher')).toBe('Cher');
    expect(surnameFirst('')).toBe('');
  });
});

describe('hours', () => {
  it.each([
    // On screen trailing zeros drop; a report always has 2 decimals, as every report figure reads; a CSV has no separators.
    [1.5, '1.5', '1.50', '1.50'],
    [2.256, '2.26', '2.26', '2.26'],
    [7, '7', '7.00', '7.00'],
    [0, '0', '0.00', '0.00'],
    [1234.5, '1,234.5', '1,234.50', '1234.50'],
    [1_000_000, '1,000,000', '1,000,000.00', '1000000.00'],
  ])('%j read %j on screen, %j in a report and %j in a CSV', (hours, shown, reported, inCsv) => {
    expect(formatHours(hours)).toBe(shown);
    expect(reportHours(hours)).toBe(reported);
    expect(csvHours(hours)).toBe(inCsv);
  });

  it('round in a CSV as the screen does', () => {
    expect(csvHours(4.005)).toBe(reportHours(4.005));
  });
});
