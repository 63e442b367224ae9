import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedIn } from '@/client/test/signed-in';
import type { Role } from '@/shared/permissions';
import type { AppRouter } from '@/server/app-router';
import DashboardScreen from './dashboard-screen';

const request = (id: string, clientId: string, weeklyHours: number) => ({ id, clientId, endDate: 'open', details: { weeklyHours } });
const pkg = (id: string, carerId: string, weeklyHours: number) => ({ id, carerId, endDate: 'open', details: { weeklyHours } });

/** The lists the Overview loads, by procedure path. */
const LISTS: Record<string, unknown> = {
  'requests.getAllNotEndedYet': [request('r1', 'c1', 2.5), request('r2', 'c1', 1), request('r3', 'c2', 4)],
  'packages.getAllNotEndedYet': [pkg('p1', 'm1', 2), pkg('p2', 'm1', 1.25), pkg('p3', 'v1', 3)],
  'clients.getAllNotArchived': [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }],
  'analytics.getDeliveredThisMonth': { month: '2026-03', plannedHours: 40, deliveredHours: 30.5, deliveryRate: 0.7625, missedVisits: 2 },
  'packages.notCompliantOnLiveCare': [],
};

/** What the server answers, by procedure path; anything else fails as the server would refuse it. */
let answers: Record<string, unknown> = {};
let asked: string[] = [];
const cannedAnswers: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    asked.push(op.path);
    if (op.path in answers) {
      observer.next({ result: { type: 'data', data: answers[op.path] } });
      observer.complete();
    } else {
      observer.error(new TRPCClientError('Not allowed'));
    }
  });

function renderDashboardAs(role: Role) {
  return render(
    <SignedIn role={role} link={cannedAnswers}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </SignedIn>,
  );
}

const counterText = (label: string) => within(screen.getByRole('group', { name: label })).getByText((_, el) => el?.getAttribute('data-slot') === 'counter-value');

beforeEach(() => {
  answers = { ...LISTS };
  asked = [];
  // Counters jump to their value, so the test need not wait for the count-up.
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
});
afterEach(() => vi.restoreAllMocks());

describe('the dashboard', () => {
  it('shows Finance the Overview counters from the lists it may read, asking for nothing else', async () => {
    renderDashboardAs('Finance');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading dashboard data...')).toBeVisible();

    expect((await screen.findByRole('group', { name: 'Total Active Clients' })).textContent).toContain('of 3 current clients');
    expect(counterText('Total Active Clients')).toHaveTextContent(/^2$/);
    expect(counterText('Total Active MPs')).toHaveTextContent(/^1$/);
    expect(counterText('Total Active Volunteers')).toHaveTextContent(/^1$/);
    expect(counterText('Total Active Care Hours')).toHaveTextContent(/^6.25$/);
    expect(counterText('Total Active Request Hours')).toHaveTextContent(/^7.5$/);
    // Finance reads delivered care: the month so far against planned.
    expect(counterText('Delivered This Month')).toHaveTextContent(/^30.5$/);
    expect(screen.getByRole('group', { name: 'Delivered This Month' })).toHaveTextContent('hours, of 40 planned so far');
    expect(counterText('Delivery Rate This Month')).toHaveTextContent(/^76.3%$/);
    expect(screen.getByRole('group', { name: 'Delivery Rate This Month' })).toHaveTextContent('2 missed visits');
    // Finance may not read MPs: the expiry panel stays away, so nothing is refused.
    expect(new Set(asked)).toEqual(new Set(Object.keys(LISTS)));
  });

  it('lists the carers not compliant on live care, with why and whose care, only when there are any', async () => {
    answers['packages.notCompliantOnLiveCare'] = [
      {
        carerId: 'v7',
        name: 'Lana Lapsing',
        kind: 'volunteer',
        reasons: ['DBS re-check was due on 1 April 2026'],
        care: [
          { packageId: 'p1', clientId: 'c1', clientName: 'Ada Ashbrittle' },
          { packageId: 'p2', clientId: 'c2', clientName: 'Edna Pollard' },
        ],
      },
    ];
    renderDashboardAs('Coordinator');
    const panel = await screen.findByRole('region', { name: 'Carers not compliant on live care' });
    expect(panel).toHaveTextContent('Lana Lapsing · Volunteer');
    expect(panel).toHaveTextContent('DBS re-check was due on 1 April 2026');
    expect(panel).toHaveTextContent('Gives care to Ada Ashbrittle and Edna Pollard');
    expect(within(panel).getByRole('link', { name: 'Edna Pollard' })).toHaveAttribute('href', '/clients?view=c2');
    expect(within(panel).getByRole('link', { name: 'Lana Lapsing' })).toHaveAttribute('href', '/volunteers?view=v7');
  });

  it('shows no such panel when every carer on live care is compliant', async () => {
    renderDashboardAs('Coordinator');
    await screen.findByRole('group', { name: 'Total Active Clients' });
    expect(asked).toContain('packages.notCompliantOnLiveCare');
    expect(screen.queryByRole('region', { name: 'Carers not compliant on live care' })).not.toBeInTheDocument();
  });

  it('only logs a report that fails, and keeps the form', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDashboardAs('Trustee');
    await user.click(await screen.findByRole('button', { name: 'Generate Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate Analytics Report' });
    await user.selectOptions(within(dialog).getByLabelText('Report Type'), 'Packages Report');
    await user.clear(within(dialog).getByLabelText('Start Year'));
    await user.type(within(dialog).getByLabelText('Start Year'), '2020');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Report' }));

    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Report generation failed:', expect.any(TRPCClientError)));
    expect(asked).toContain('analytics.getPackagesReport');
    expect(within(dialog).getByRole('button', { name: 'Generate Report' })).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error text when its figures cannot be loaded', async () => {
    delete answers['packages.getAllNotEndedYet'];
    renderDashboardAs('Admin');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain('Error loading dashboard data');
  });
});
