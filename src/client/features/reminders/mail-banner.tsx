import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';

/** The words every screen says of mail while no mail server is set up. */
export const MAIL_NOT_SET_UP = 'no mail server is set up, so nothing was sent';

/**
 * For those who look after mail (the Reminders screen's readers): a banner while no mail server is set up, as
 * invitations, reset links and reminders then wait in the outbox instead of reaching anyone.
 */
export function MailNotSetUpBanner() {
  const trpc = useTRPC();
  const mayRead = useCan('reminders', 'read');
  const status = useQuery({ ...trpc.reminders.getMailStatus.queryOptions(), enabled: mayRead, staleTime: Infinity });
  if (!mayRead || status.data?.mailSetUp !== false) return null;
  return (
    <div role="status" className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 md:px-6">
      <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        Mail is not set up: invitations, password links and reminders wait in the{' '}
        <Link to="/reminders" className="font-medium underline underline-offset-4">
          outbox
        </Link>{' '}
        and reach no one until the server is given a mail server (SMTP_URL).
      </p>
    </div>
  );
}
