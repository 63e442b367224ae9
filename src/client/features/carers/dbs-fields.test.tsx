import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TRPCProvider } from '@/client/lib/trpc';
import { DEFAULT_COMPLIANCE_SETTINGS } from '@/shared/compliance';
import { carerForm } from '@/shared/schemas/people';
import type { AppRouter } from '@/server/app-router';
import { DbsSection, recheckHint } from './dbs-fields';

type Values = z.input<typeof carerForm>;
type Dbs = NonNullable<Values['dbs']>;

const NEW_DBS: Dbs = { certificateNumber: '', issueDate: '', level: '', updateService: false, updateServiceCheckedOn: '', expiryEnteredByHand: false };

const server: TRPCLink<AppRouter> = () => ({ op }) =>
  observable((observer) => {
    if (op.path !== 'compliance.getSettings') return observer.error(new TRPCClientError('Not allowed'));
    observer.next({ result: { type: 'data', data: DEFAULT_COMPLIANCE_SETTINGS } });
    observer.complete();
  });

/** The DBS section in a carer form whose values start as given. */
function renderSection(dbs: Dbs, dbsExpiry = '') {
  function Form() {
    const form = useForm<Values>({ resolver: zodResolver(carerForm), defaultValues: { dbs, dbsExpiry } });
    return (
      <FormProvider {...form}>
        <DbsSection storedNumber={dbs.certificateNumber ?? ''} />
      </FormProvider>
    );
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={createTRPCClient<AppRouter>({ links: [server] })} queryClient={queryClient}>
        <Form />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the DBS re-check date', () => {
  it('follows the policy from the issue date, or from the last Update Service check while the carer subscribes', async () => {
    const user = userEvent.setup();
    renderSection(NEW_DBS);
    change('DBS issue date', '2024-05-10');
    expect(await screen.findByDisplayValue('2027-05-10')).toBe(screen.getByLabelText('DBS expiry'));
    expect(screen.getByText('Follows the policy: 3 years after the issue date.')).toBeInTheDocument();

    change('Last Update Service check', '2025-01-15');
    expect(screen.getByLabelText('DBS expiry')).toHaveValue('2027-05-10');
    await user.click(screen.getByLabelText('Subscribes to the DBS Update Service'));
    expect(screen.getByLabelText('DBS expiry')).toHaveValue('2028-01-15');
    expect(screen.getByText('Follows the policy: 3 years after the last Update Service check.')).toBeInTheDocument();
  });

  it('is entered by hand once typed, and follows the policy again when "by hand" is unticked', async () => {
    const user = userEvent.setup();
    renderSection({ ...NEW_DBS, issueDate: '2024-05-10' }, '2027-05-10');
    await screen.findByText('Follows the policy: 3 years after the issue date.');
    change('DBS expiry', '2026-12-31');
    expect(screen.getByLabelText('Enter the re-check date by hand')).toBeChecked();
    change('DBS issue date', '2023-01-01');
    expect(screen.getByLabelText('DBS expiry')).toHaveValue('2026-12-31');

    await user.click(screen.getByLabelText('Enter the re-check date by hand'));
    expect(screen.getByLabelText('DBS expiry')).toHaveValue('2026-01-01');
  });
});

describe('the certificate number', () => {
  it('shows a stored number masked, and Replace empties it for a new one (Keep puts it back)', async () => {
    const user = userEvent.setup();
    renderSection({ ...NEW_DBS, certificateNumber: '••••••••9012' });
    const number = screen.getByLabelText('DBS certificate number');
    expect(number).toHaveValue('••••••••9012');
    expect(number).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(number).toHaveValue('');
    expect(number).toHaveFocus();
    expect(number).not.toHaveAttribute('readonly');
    await user.type(number, '0012 3456 7890');
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(number).toHaveValue('••••••••9012');
  });
});

describe('recheckHint', () => {
  const facts = { issueDate: '', updateService: false, updateServiceCheckedOn: '' };
  it('says what the policy counts from, or what it waits for', () => {
    expect(recheckHint(facts, 1, false)).toMatch(/^Follows the policy \(1 year after the issue date, or the last Update Service check\) once an issue date is entered/);
    expect(recheckHint({ ...facts, updateServiceCheckedOn: '2025-01-01' }, 3, false)).toMatch(/^Follows the policy \(3 years/);
    expect(recheckHint(facts, 3, true)).toBe('Entered by hand: it does not follow the policy.');
  });
});
