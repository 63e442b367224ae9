import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/client/lib/auth';
import { SignedIn } from '@/client/test/signed-in';
import { todayIn } from '@/shared/dates';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';
import { ExpiringSoonPanel } from './expiring-soon-panel';
import { addDays } from '@/shared/dates';

const today = todayIn();
const inDays = (days: number) => addDays(today, days);

function carer(id: string, name: string, dbsExpiry: string, publicLiabilityExpiry = '') {
  return { id, archived: 'N', version: 1, dateOfBirth: '', dbsExpiry, publicLiabilityExpiry, details: { name } };
}

/** What the server would answer, by procedure path. */
const ANSWERS: Record<string, unknown> = {
  'mps.getAllNotArchived': [carer('m1', 'Ann Expired', inDays(-3)), carer('m2', 'Bob Fine', inDays(400), inDays(10))],
  'volunteers.getAllNotArchived': [carer('v1', 'Cat Soon', inDays(5)), carer('v2', 'Dan None', '')],
  'trainingRecords.getByExpiringBefore': [
    { id: 't1', ownerId: 'v1', archived: 'N', version: 1, expiryDate: inDays(60), details: { name: 'Cat Soon', recordName: 'GDPR', notes: '' } },
  ],
};

const cannedAnswers: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    observer.next({ result: { type: 'data', data: ANSWERS[op.path] } });
    observer.complete();
  });

/** Says when the session is known, so a test can tell "renders nothing" from "not signed in yet". */
function SessionProbe() {
  const { session } = useAuth();
  return session.status === 'signed-in' ? <p>Signed in as {session.user.role}</p> : null;
}

function renderPanelAs(role: Role) {
  return render(
    <SignedIn role={role} link={cannedAnswers}>
      <SessionProbe />
      <MemoryRouter>
        <div data-testid="panel">
          <ExpiringSoonPanel />
        </div>
      </MemoryRouter>
    </SignedIn>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('ExpiringSoonPanel', () => {
  it('lists expired and soon-expiring DBS, public liability and training, expired first', async () => {
    renderPanelAs('Trustee');
    expect(await screen.findByText('Ann Expired')).toBeInTheDocument();

    const dbs = section('DBS');
    expect(within(dbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Ann Expired · MP.*Expired$/),
      expect.stringMatching(/^Cat Soon · Volunteer.*Expires in 5 days$/),
    ]);
    expect(within(section('Public Liability')).getByText('Bob Fine')).toBeInTheDocument();
    expect(within(section('Public Liability')).getByText('Expires in 10 days')).toBeInTheDocument();
    expect(within(section('Training records')).getByText('GDPR · Volunteer', { exact: false })).toBeInTheDocument();
    expect(within(section('Training records')).getByText('Within 90 days')).toBeInTheDocument();
    expect(screen.queryByText('Dan None')).not.toBeInTheDocument();
    // Each section leads to its whole list, sorted soonest first.
    expect(within(dbs).getByRole('link', { name: /^View all/ })).toHaveAttribute('href', '/dbs?sort=expiry');
    expect(within(section('Public Liability')).getByRole('link', { name: /^View all/ })).toHaveAttribute(
      'href',
      '/public-liability?sort=expiry',
    );
    expect(within(section('Training records')).getByRole('link', { name: /^View all/ })).toHaveAttribute(
      'href',
      '/records?sort=expiry',
    );
  });

  it('shows nothing to a role that cannot read MPs and volunteers', async () => {
    renderPanelAs('Finance');
    expect(await screen.findByText('Signed in as Finance')).toBeInTheDocument();
    expect(screen.getByTestId('panel')).toBeEmptyDOMElement();
  });
});
