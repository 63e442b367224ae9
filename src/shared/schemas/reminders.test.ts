import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, reminderSettings } from './reminders';

function problem(change: Record<string, unknown>): string | undefined {
  const result = reminderSettings.safeParse({ ...DEFAULT_REMINDER_SETTINGS, ...change });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('reminderSettings', () => {
  it('accepts the defaults: Monday 08:00 to Admin and Coordinator, windows 30, 60 and 90, carers off', () => {
    expect(reminderSettings.parse(DEFAULT_REMINDER_SETTINGS)).toEqual({
      day: 'Monday',
      time: '08:00',
      roles: ['Admin', 'Coordinator'],
      windows: [30, 60, 90],
      carerReminders: false,
    });
  });

  it.each([
    [{ roles: ['Admin', 'Volunteer'] }, 'Unknown role: roles are Admin, Trustee, Coordinator, Finance, Test'],
    [{ roles: [] }, 'Choose at least one role to receive the digest'],
    [{ windows: [30, 0] }, 'Each window must be more than 0 days'],
    [{ windows: [-5] }, 'Each window must be more than 0 days'],
    [{ time: '8am' }, 'Time must be HH:MM on the 24-hour clock, e.g. 08:00'],
    [{ time: '24:00' }, 'Time must be HH:MM on the 24-hour clock, e.g. 08:00'],
    [{ day: 'Funday' }, 'Choose a day of the week'],
    [{ roles: ['Admin', 'Admin'] }, 'Each role once'],
    [{ windows: [30, 30] }, 'Each window once'],
  ])('refuses %j with a clear message', (change, message) => {
    expect(problem(change)).toBe(message);
  });
});
