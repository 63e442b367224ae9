import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import DeliveredResult from './delivered-result';
import { REPORT } from './delivered.test-fixture';

function renderReport() {
  return render(
    <MemoryRouter>
      <Dialog open>
        <DialogContent>
          <DialogTitle>Delivered Care Report (2025 - 2025)</DialogTitle>
          <DialogDescription>By locality</DialogDescription>
          <DeliveredResult report={REPORT} onGenerateNew={vi.fn()} onChanged={vi.fn()} visitsOf={vi.fn()} />
        </DialogContent>
      </Dialog>
    </MemoryRouter>,
  );
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').map((row) => row.textContent);

describe('the delivered care report', () => {
  it('opens on each year’s planned, delivered, rate and missed visits, and a year shows its months, groups and carers', async () => {
    const user = userEvent.setup();
    renderReport();
    // Each row's missed visits are in a column, and on a phone under the name instead (hidden by the stylesheet here).
    expect(rowsOf('Year by year')).toEqual(['YearPlannedDeliveredRateMissed visits', '20251 missed visit21.005.7527.4%1', 'All years21.005.7527.4%1']);

    await user.click(screen.getByRole('button', { name: '2025' }));
    const months = rowsOf('Month by month');
    // Recording began in March: the months before it are not recorded, not 0%, and March is closed.
    expect(months[1]).toBe('January0.00Not recorded');
    expect(months[3]).toBe('MarchClosed1 missed visit21.005.7527.4%1');
    expect(months[4]).toBe('April0 missed visits0.000.00—0');
    expect(months.at(-1)).toBe('Year21.005.7527.4%1');
    expect(rowsOf('By Locality')[2]).toBe('MilvertonPlanned / delivered: Personal Care 5.50 / 1.75 · Domestic 5.50 / 1.751 missed visit11.003.5031.8%1');

    expect(screen.getByText('Counted from March 2025, when recording delivered care began: the months before it are not recorded and are left out.')).toBeVisible();
    expect(screen.getAllByText('January').at(-1)!.closest('summary')).toHaveTextContent('JanuaryNot recorded');

    const carers = within(screen.getByRole('table', { name: 'By carer' }));
    // An MP the role may not read is shown by kind, and still leads to the statement of the carer's last month with care.
    expect(carers.getByRole('link', { name: 'MP (name not shown)' })).toHaveAttribute('href', '/deliveries/statement/mone/2025-03');
    expect(carers.getByRole('link', { name: 'Vera Lane' })).toHaveAttribute('href', '/deliveries/statement/vone/2025-03');
  });
});
