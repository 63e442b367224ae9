import { z } from 'zod';
import { noInput } from '@/shared/schemas/common';
import { messagesPage, reminderSettings, resendMessageInput } from '@/shared/schemas/reminders';
import { listMessages } from '@/server/mail/mail';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
import { listReminderRuns, sendDigestNow } from './reminders.job';
import { getReminderSettings, resendReminderMessage, updateReminderSettings } from './reminders.service';

export const remindersRouter = router({
  getSettings: permitted('reminders', 'read').query(({ ctx }) => getReminderSettings(ctx.db)),
  updateSettings: permitted('reminders', 'update')
    .input(reminderSettings)
    .mutation(({ ctx, input }) => updateReminderSettings(ctx.db, ctx.user, input)),
  sendDigestNow: permitted('reminders', 'update')
    .input(noInput)
    .mutation(({ ctx }) => sendDigestNow(ctx.db, ctx.user, { env: ctx.env, log: ctx.log })),
  resendMessage: permitted('reminders', 'update')
    .input(resendMessageInput)
    .mutation(({ ctx, input }) => resendReminderMessage(ctx.db, ctx.user, input.id)),
  listMessages: permitted('reminders', 'read')
    .input(messagesPage)
    .query(({ ctx, input }) => listMessages(ctx.db, input)),
  listRuns: permitted('reminders', 'read')
    .input(z.strictObject({ limit: z.number().int().min(1).max(50).default(10) }))
    .query(({ ctx, input }) => listReminderRuns(ctx.db, input.limit)),
});
