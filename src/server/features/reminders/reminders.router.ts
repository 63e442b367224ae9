import { z } from 'zod';
import { noInput } from '@/shared/schemas/common';
import { messagesPage, reminderSettings, resendMessageInput } from '@/shared/schemas/reminders';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getMailStatus, getSettings, listOutbox, listReminderRuns, resendReminderMessage, sendDigestNow, updateReminderSettings } from './reminders.service';

export const remindersRouter = router({
  getSettings: permitted('reminders', 'read').query(({ ctx }) => getSettings(ctx)),
  /** { mailSetUp }: whether mail leaves the server, or waits in the outbox (no SMTP_URL). */
  getMailStatus: permitted('reminders', 'read').query(({ ctx }) => getMailStatus(ctx)),
  updateSettings: permittedMutation('reminders', 'update', reminderSettings, updateReminderSettings),
  sendDigestNow: permittedMutation('reminders', 'update', noInput, sendDigestNow),
  resendMessage: permittedMutation('reminders', 'update', resendMessageInput, resendReminderMessage),
  listMessages: permittedQuery('reminders', 'read', messagesPage, listOutbox),
  listRuns: permittedQuery('reminders', 'read', z.strictObject({ limit: z.number().int().min(1).max(50).default(10) }), listReminderRuns),
});
