import { z } from 'zod';
import { noInput } from '@/shared/schemas/common';
import { messagesPage, reminderSettings, resendMessageInput } from '@/shared/schemas/reminders';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { getSettings, listOutbox, listReminderRuns, resendReminderMessage, sendDigestNow, updateReminderSettings } from './reminders.service';

export const remindersRouter = router({
  getSettings: permitted('reminders', 'read').query(({ ctx }) => getSettings(ctx)),
  updateSettings: permitted('reminders', 'update')
    .input(reminderSettings)
    .mutation(({ ctx, input }) => updateReminderSettings(ctx, input)),
  sendDigestNow: permitted('reminders', 'update')
    .input(noInput)
    .mutation(({ ctx }) => sendDigestNow(ctx)),
  resendMessage: permitted('reminders', 'update')
    .input(resendMessageInput)
    .mutation(({ ctx, input }) => resendReminderMessage(ctx, input)),
  listMessages: permitted('reminders', 'read')
    .input(messagesPage)
    .query(({ ctx, input }) => listOutbox(ctx, input)),
  listRuns: permitted('reminders', 'read')
    .input(z.strictObject({ limit: z.number().int().min(1).max(50).default(10) }))
    .query(({ ctx, input }) => listReminderRuns(ctx, input)),
});
