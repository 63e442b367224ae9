import { z } from 'zod';
import { STAFF_ROLES } from '@/shared/permissions';
import { pageDirection } from './common';

// Expiry digest and carer reminders: what an Admin sets on the Reminders screen.

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Days before an expiry on which a carer is reminded, each once. */
export const CARER_REMINDER_DAYS = [60, 30, 7] as const;

const distinct = (list: readonly unknown[]) => new Set(list).size === list.length;

/** Days ahead the digest looks; what has expired, or expires within the widest, is listed. */
export const digestWindows = z
  .array(z.number().int('Windows are whole days').positive('Each window must be more than 0 days').max(366, 'Windows are at most 366 days'))
  .min(1, 'Give at least one window')
  .max(6, 'At most 6 windows')
  .refine(distinct, 'Each window once');

/** The windows as typed in one box ("30, 60, 90"): whole numbers separated by commas or spaces. */
export const digestWindowsText = z
  .string()
  .transform((text, ctx) => {
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const windows = parts.every((part) => /^-?\d+$/.test(part)) ? digestWindows.safeParse(parts.map(Number)) : null;
    if (windows?.success) return windows.data;
    // One message for the one box, whichever window is wrong.
    ctx.addIssue({ code: 'custom', message: windows?.error.issues[0]?.message ?? 'Windows are whole numbers of days, e.g. 30, 60, 90' });
    return z.NEVER;
  });

export const reminderSettings = z.strictObject({
  day: z.enum(WEEKDAYS, { message: 'Choose a day of the week' }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM on the 24-hour clock, e.g. 08:00'),
  roles: z
    .array(z.enum(STAFF_ROLES, { message: `Unknown role: roles are ${STAFF_ROLES.join(', ')}` }))
    .min(1, 'Choose at least one role to receive the digest')
    .max(STAFF_ROLES.length)
    .refine(distinct, 'Each role once'),
  windows: digestWindows,
  carerReminders: z.boolean(),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  day: 'Monday',
  time: '08:00',
  roles: ['Admin', 'Coordinator'],
  windows: [30, 60, 90],
  carerReminders: false,
};

/** A stored message to queue again. */
export const resendMessageInput = z.strictObject({ id: z.string().min(1).max(100) });

export const messagesPage = z.strictObject({
  limit: z.number().int().min(1).max(200).default(50),
  cursor: z.string().max(100).optional(),
  direction: pageDirection,
});
