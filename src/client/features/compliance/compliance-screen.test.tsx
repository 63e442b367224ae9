import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { SignedIn } from '@/client/test/signed-in';
import type { ComplianceSettings } from '@/shared/compliance';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';
import ComplianceScreen from './compliance-screen';

const SETTINGS: ComplianceSettings = {
  requiredTrainingMps: ['First Aid'],
  requiredTrainingVolunteers: [],
  publicLiabilityMps: true,
  publicLiabilityVolunteers: false,
  dbsRecheckYears: 3,
};

/** What the screen sent to compliance.updateSettings. */
let saved: unknown[] = [];
const server: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (op.path === 'compliance.getSettings') observer.next({ result: { type: 'data', data: SETTINGS } });
    else if (op.path === 'compliance.updateSettings') {
      saved.push(op.input);
      observer.next({ result: { type: 'data', data: op.input } });
    } else return observer.error(new TRPCClientError('Not allowed'));
    observer.complete();
  });

function renderAs(role: Role) {
  // A data router: the unsaved-changes guard needs one.
  const router = createMemoryRouter([{ path: '/', element: <ComplianceScreen /> }]);
  return render(
    <SignedIn role={role} link={server}>
      <RouterProvider router={router} />
    </SignedIn>,
  );
}

beforeEach(() => {
  saved = [];
});

describe('the Compliance screen', () => {
  it('shows the settings and saves what an Admin changes', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    const mps = await screen.findByRole('group', { name: 'Training required of MPs' });
    const volunteers = screen.getByRole('group', { name: 'Training required of volunteers' });
    expect(within(mps).getByLabelText('First Aid')).toBeChecked();
    expect(within(volunteers).getByLabelText('First Aid')).not.toBeChecked();
    expect(screen.getByLabelText('Required of MPs')).toBeChecked();
    expect(screen.getByLabelText('Years between DBS re-checks')).toHaveValue(3);

    await user.click(within(volunteers).getByLabelText('GDPR'));
    await user.click(within(mps).getByLabelText('First Aid'));
    await user.click(screen.getByLabelText('Required of volunteers'));
    await user.clear(screen.getByLabelText('Years between DBS re-checks'));
    await user.type(screen.getByLabelText('Years between DBS re-checks'), '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      requiredTrainingMps: [],
      requiredTrainingVolunteers: ['GDPR'],
      publicLiabilityMps: true,
      publicLiabilityVolunteers: true,
      dbsRecheckYears: 5,
    });
  });

  it('refuses years outside 1 to 10 with the reason, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    const years = await screen.findByLabelText('Years between DBS re-checks');
    await user.clear(years);
    await user.type(years, '12');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('DBS re-checks are at most 10 years apart')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is read-only for a Coordinator', async () => {
    renderAs('Coordinator');
    const mps = await screen.findByRole('group', { name: 'Training required of MPs' });
    expect(within(mps).getByLabelText('First Aid')).toBeDisabled();
    expect(screen.getByLabelText('Years between DBS re-checks')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only an Admin can change these settings\./)).toBeInTheDocument();
  });
});
