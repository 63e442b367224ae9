import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignedIn } from '@/client/test/signed-in';
import type { StaffAccount, StaffList } from '@/shared/schemas/staff';
import type { AppRouter } from '@/server/app-router';
import StaffScreen from './staff-screen';

const gwen: StaffAccount = {
  id: 'u1',
  email: 'gwen@charity.example',
  givenName: 'Gwen',
  familyName: 'Hughes',
  role: 'Coordinator',
  twoStep: 'pending',
  firstSignInAt: '2026-03-01T09:00:00.000Z',
  lastSignInAt: '2026-03-02T10:30:00.000Z',
  disabled: true,
};

/** The Staff screen as an Admin sees it, with the server answering staff.list with `list`. */
function renderWith(list: StaffList) {
  const answer: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.path !== 'staff.list') return observer.error(new TRPCClientError('Not allowed'));
      observer.next({ result: { type: 'data', data: list } });
      observer.complete();
    });
  return render(
    <SignedIn role="Admin" link={answer}>
      <MemoryRouter>
        <StaffScreen />
      </MemoryRouter>
    </SignedIn>,
  );
}

describe('the Staff screen', () => {
  it('shows each account with its two-step status, last sign-in and status, and the Admin’s actions', async () => {
    renderWith({ managedAt: null, accounts: [gwen] });
    const row = await screen.findByRole('row', { name: /Gwen Hughes/ });
    for (const text of ['gwen@charity.example', 'Coordinator', 'Waiting for first code', '2 Mar 2026', 'Disabled']) expect(row).toHaveTextContent(text);
    expect(within(row).getByRole('button', { name: 'Actions for Gwen Hughes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add staff member' })).toBeInTheDocument();
    expect(screen.queryByText(/Accounts are managed at/)).not.toBeInTheDocument();
  });

  it('with an external issuer says where accounts are managed and lists who signed in, read-only', async () => {
    renderWith({ managedAt: 'https://login.charity.example', accounts: [{ ...gwen, twoStep: null, disabled: false }] });
    expect(await screen.findByText('Accounts are managed at https://login.charity.example. This list shows who has signed in.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Gwen Hughes/ });
    expect(row).toHaveTextContent('1 Mar 2026');
    expect(row).toHaveTextContent('2 Mar 2026');
    expect(screen.getByRole('columnheader', { name: /First sign-in/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Two-step/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add staff member' })).not.toBeInTheDocument();
  });
});
