import { describe, expect, it } from 'vitest';
import { ATTENDANCE_ALLOWANCE, ATTENDANCE_ALLOWANCE_LABELS } from './constants';

describe('attendance allowance labels', () => {
  it('name every value once, in the same words wherever they are shown', () => {
    expect(Object.keys(ATTENDANCE_ALLOWANCE_LABELS)).toEqual([...ATTENDANCE_ALLOWANCE]);
    expect(ATTENDANCE_ALLOWANCE.map((value) => ATTENDANCE_ALLOWANCE_LABELS[value])).toEqual([
      'No',
      'Pending',
      'Yes (low rate)',
      'Yes (high rate)',
    ]);
  });
});
