import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, digestWindowsText, messagesPage, reminderSettings } from './reminders';

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

describe('the digest windows as typed', () => {
  it('read whole numbers separated by commas or spaces', () => {
    expect(digestWindowsText.parse('30, 60 90')).toEqual([30, 60, 90]);
  });

  it.each([
    ['0, 30', 'Each window must be more than 0 days'],
    ['-5', 'Each window must be more than 0 days'],
    ['30, thirty', 'Windows are whole numbers of days, e.g. 30, 60, 90'],
    ['1.5', 'Windows are whole numbers of days, e.g. 30, 60, 90'],
    ['', 'Give at least one window'],
    ['30, 30', 'Each window once'],
  ])('refuse %j with one message for the box', (typed, message) => {
    const result = digestWindowsText.safeParse(typed);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[[], message]]);
  });
});

it('a page of messages accepts the direction the paging client sends', () => {
  expect(messagesPage.parse({ limit: 50, cursor: 'm1', direction: 'forward' })).toMatchObject({ cursor: 'm1' });
});
