import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignedIn } from '@/client/test/signed-in';
import type { Compliance } from '@/shared/compliance';
import type { AppRouter } from '@/server/app-router';
import { DbsScreen, PublicLiabilityScreen } from './carer-expiry-screen';

/** A carer as the lists answer them, with only what these screens read. */
const carer = (id: string, name: string, dbsExpiry: string, compliance: Compliance) => ({
  id,
  archived: 'N',
  dbsExpiry,
  publicLiabilityExpiry: '2030-01-01',
  details: { name },
  compliance,
});

const LISTS: Record<string, unknown> = {
  'mps.getAllNotArchived': [
    carer('m1', 'Ann Lapsed', '2026-03-03', { status: 'Not compliant', reasons: ['DBS re-check was due on 3 March 2026'] }),
    carer('m2', 'Bea Fine', '2030-01-01', { status: 'Compliant', reasons: [] }),
  ],
  'volunteers.getAllNotArchived': [carer('v1', 'Cy Soon', '2030-01-01', { status: 'Expiring soon', reasons: ['Public liability expires on 1 December 2026'] })],
};

const answer: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (!(op.path in LISTS)) return observer.error(new TRPCClientError('Not allowed'));
    observer.next({ result: { type: 'data', data: LISTS[op.path] } });
    observer.complete();
  });

/** A screen as a Coordinator sees it, the server answering the carer lists. */
function renderScreen(screenElement: React.ReactNode) {
  return render(
    <SignedIn role="Coordinator" link={answer}>
      <MemoryRouter>{screenElement}</MemoryRouter>
    </SignedIn>,
  );
}

describe('the DBS and Public Liability screens', () => {
  it('show each carer’s compliance badge, with the reasons as its tooltip', async () => {
    renderScreen(<DbsScreen />);
    expect(await screen.findByRole('columnheader', { name: /Compliance/ })).toBeInTheDocument();
    const lapsed = await screen.findByRole('row', { name: /Ann Lapsed/ });
    const badge = within(lapsed).getByText('Not compliant', { exact: false });
    expect(badge).toHaveAttribute('title', 'DBS re-check was due on 3 March 2026');
    expect(within(screen.getByRole('row', { name: /Bea Fine/ })).getByText('Compliant')).not.toHaveAttribute('title');
  });

  it('show volunteers’ compliance on their tab', async () => {
    renderScreen(<PublicLiabilityScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: /Volunteers/ }));
    const soon = await screen.findByRole('row', { name: /Cy Soon/ });
    expect(within(soon).getByText('Expiring soon', { exact: false })).toHaveAttribute('title', 'Public liability expires on 1 December 2026');
  });
});
