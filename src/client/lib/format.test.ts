import { describe, expect, it } from 'vitest';
import { surnameFirst } from './format';

describe('surnameFirst', () => {
  it('puts the last word first, so people sort by surname', () => {
    expect(surnameFirst('Ann Smith')).toBe('Smith Ann');
    expect(surnameFirst('  Mary Jane  Watson ')).toBe('Watson Mary Jane');
    expect(surnameFirst('Cher')).toBe('Cher');
    expect(surnameFirst('')).toBe('');
  });
});
