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

describe('reportHours', () => {
  it('gives 2 decimals and thousands separators, as every report figure reads', () => {
    expect(reportHours(1234.5)).toBe('1,234.50');
    expect(reportHours(1_000_000)).toBe('1,000,000.00');
    expect(reportHours(7)).toBe('7.00');
    expect(reportHours(0)).toBe('0.00');
  });
});

describe('csvHours', () => {
  it('rounds as the screen does, without separators', () => {
    expect(csvHours(1234.5)).toBe('1234.50');
    expect(csvHours(4.005)).toBe(reportHours(4.005));
  });
});

describe('formatHours', () => {
  it('drops trailing zeros and separates thousands', () => {
    expect(formatHours(1.5)).toBe('1.5');
    expect(formatHours(2.256)).toBe('2.26');
    expect(formatHours(7)).toBe('7');
    expect(formatHours(1234.5)).toBe('1,234.5');
  });
});
