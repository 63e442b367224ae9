import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { ReportResult } from './report-result';
import { REPORT } from './report.test-fixture';

function renderReport() {
  return render(
    <Dialog open>
      <DialogContent>
        <DialogTitle>Packages Analytics Report (2025 - 2026)</DialogTitle>
        <DialogDescription>By Deprivation Category</DialogDescription>
        <ReportResult report={REPORT} onGenerateNew={vi.fn()} />
      </DialogContent>
    </Dialog>,
  );
}

describe('the report result', () => {
  it('opens on a summary of every year, each year leading to its own detail only', async () => {
    const user = userEvent.setup();
    renderReport();
    const summary = screen.getByRole('table', { name: 'Year by year' });
    const rows = within(summary).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'YearTotal hoursMain services',
      '202530.12Personal Care 20.10 · Domestic 10.02',
      '2026to date4.01Meal Prep, Hot 4.01',
      'All years34.13',
    ]);
    expect(screen.queryByRole('region')).toBeNull();

    await user.click(within(summary).getByRole('button', { name: '2025' }));
    expect(screen.getByRole('tab', { name: '2025' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '2025' })).toHaveFocus();
    expect(screen.getAllByRole('region').map((region) => region.querySelector('h3')?.textContent)).toEqual(['2025']);
    expect(screen.getByRole('region', { name: '2025' })).toHaveTextContent('Total hours: 30.12');
    expect(screen.queryByRole('table', { name: 'Year by year' })).toBeNull();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('region', { name: '2026' })).toHaveTextContent('Total hours: 4.01');
    expect(screen.queryByRole('region', { name: '2025' })).toBeNull();
  });

  it('draws the summary and every year while printing, and one tab again after', () => {
    renderReport();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getAllByRole('region', { hidden: true }).map((region) => region.querySelector('h3')?.textContent)).toEqual(['2025', '2026']);
    expect(screen.getByRole('table', { name: 'Year by year' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryAllByRole('region', { hidden: true })).toHaveLength(0);
  });
});
