import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRPCProvider } from '@/client/lib/trpc';
import type { AppRouter } from '@/server/app-router';
import { type CarerSuggestion, SuggestedCarers } from './suggested-carers';

function suggestion(n: number, overrides: Partial<CarerSuggestion> = {}): CarerSuggestion {
  return {
    carerId: `m${n}`,
    name: `Carer ${n}`,
    kind: 'mp',
    compliance: { status: 'Compliant', reasons: [] },
    reasons: ['Compliant', 'Lives in Milverton, same locality', 'Offers Domestic'],
    spareHours: 4,
    excluded: null,
    travel: null,
    ...overrides,
  };
}

const EXCLUDED = suggestion(7, {
  name: 'Vic Excluded',
  kind: 'volunteer',
  reasons: ['Not to be matched with this client: Former neighbour', 'Compliant', 'Lives in Milverton, same locality'],
  excluded: { reason: 'Former neighbour' },
});
const RANKED = [1, 2, 3, 4, 5, 6].map((n) => suggestion(n)).concat(EXCLUDED);

function renderSuggestions(answer: CarerSuggestion[] | 'refused', action?: (s: CarerSuggestion) => React.ReactNode) {
  const asked: unknown[] = [];
  const canned: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      asked.push(op.input);
      if (answer === 'refused') return observer.error(new TRPCClientError('Not allowed'));
      observer.next({ result: { type: 'data', data: answer } });
      observer.complete();
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={createTRPCClient<AppRouter>({ links: [canned] })} queryClient={queryClient}>
        <SuggestedCarers requestId="rabc" action={action} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return asked;
}

describe('SuggestedCarers', () => {
  it('shows the first five in rank order with their kind, badge and reasons, and all on asking', async () => {
    const asked = renderSuggestions(RANKED);
    const region = await screen.findByRole('region', { name: 'Suggested carers' });
    expect(asked).toEqual([{ requestId: 'rabc' }]);
    await within(region).findByText('Carer 1');
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Carer \d$/).textContent)).toEqual(['Carer 1', 'Carer 2', 'Carer 3', 'Carer 4', 'Carer 5']);
    // The status is on the badge, not repeated among the reasons.
    expect(items[0]).toHaveTextContent('Carer 1MPCompliantLives in Milverton, same locality · Offers Domestic');

    await userEvent.click(within(region).getByRole('button', { name: 'Show all 7' }));
    const last = within(region).getAllByRole('listitem').at(-1)!;
    expect(last).toHaveTextContent('Vic Excluded');
    expect(last).toHaveTextContent('Volunteer');
    expect(within(last).getByText('Do not match')).toBeInTheDocument();
    expect(last).toHaveTextContent('Not to be matched with this client: Former neighbour');
    expect(within(region).getAllByText('Do not match')).toHaveLength(1);
    expect(within(region).getByRole('button', { name: 'Show the first 5' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the driving a carer would add beside their week now', async () => {
    renderSuggestions([suggestion(1, { travel: { added: { minutes: 18.2, miles: 7.04 }, week: { minutes: 125, miles: 51 } } }), suggestion(2)]);
    const region = await screen.findByRole('region', { name: 'Suggested carers' });
    const [first, second] = await within(region).findAllByRole('listitem');
    expect(first).toHaveTextContent('+18 min a week driving (7.0 miles), beside 2 h 5 min a week now');
    expect(second).not.toHaveTextContent('a week driving');
  });

  it('offers the action given on each row, and none without one', async () => {
    renderSuggestions([suggestion(1)], (s) => <button type="button">Start a package with {s.name}</button>);
    expect(await screen.findByRole('button', { name: 'Start a package with Carer 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('says when there is no one to suggest', async () => {
    renderSuggestions([]);
    expect(await screen.findByText('No carers to suggest')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says when the list could not load', async () => {
    renderSuggestions('refused');
    expect(await screen.findByText('Could not load suggestions')).toBeInTheDocument();
  });
});
