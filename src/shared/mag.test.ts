import { describe, expect, it } from 'vitest';
import { magTotalAttendees } from './mag';

describe('magTotalAttendees', () => {
  it('adds volunteers, clients, family, MPs and others', () => {
    expect(magTotalAttendees({ totalVolunteers: 1, totalClients: 20, totalFamily: 300, totalMps: 4000, otherAttendees: 50000 })).toBe(54321);
  });

  it('is zero for an empty session', () => {
    expect(magTotalAttendees({ totalVolunteers: 0, totalClients: 0, totalFamily: 0, totalMps: 0, otherAttendees: 0 })).toBe(0);
  });
});
