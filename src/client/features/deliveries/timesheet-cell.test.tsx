import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@/shared/deliveries';
import { cellChange, type Entry, MISSED_NEEDS_DIALOG, parseCellText, visitProps } from './timesheet-cell';
import { DayCell } from './timesheet-day-cell';
import { EntryDialog } from './entry-dialog';
import { cellKey, rowKey, type TimesheetApi, TimesheetStore } from './timesheet-store';

const NOT_A_NUMBER = 'Enter the hours as a number';
const QUARTERS = 'Hours go in quarters of an hour (0.25)';

describe('parseCellText', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['7.5', { kind: 'hours', hours: 7.5 }],
    [' 8 ', { kind: 'hours', hours: 8 }],
    ['7,25', { kind: 'hours', hours: 7.25 }],
    ['.75', { kind: 'hours', hours: 0.75 }],
    ['7:30', { kind: 'hours', hours: 7.5 }],
    ['0:45', { kind: 'hours', hours: 0.75 }],
    ['0', { kind: 'hours', hours: 0 }],
    ['24', { kind: 'hours', hours: 24 }],
    ['missed', { kind: 'missed' }],
    ['Missed', { kind: 'missed' }],
  ])('%j → %o', (text, parsed) => {
    expect(parseCellText(text)).toEqual(parsed);
  });

  it.each([
    ['30', 'At most 24 hours in a day'],
    ['24.25', 'At most 24 hours in a day'],
    ['-1', 'Hours cannot be negative'],
    ['7.3', QUARTERS],
    ['7:20', QUARTERS],
    ['seven', NOT_A_NUMBER],
    ['7h', NOT_A_NUMBER],
    ['1e1', NOT_A_NUMBER],
    ['7:75', NOT_A_NUMBER],
  ])('refuses %j with the server’s words', (text, message) => {
    expect(parseCellText(text)).toEqual({ kind: 'invalid', message });
  });
});

const delivered: Entry = { id: 'd1', version: 1, packageId: 'p1', carerId: 'm1', date: '2026-11-16', status: 'delivered', hours: 3, reason: null, note: '', source: 'office' };
const missed: Entry = { ...delivered, status: 'missed', hours: 0, reason: 'client-cancelled' };

describe('cellChange', () => {
  it.each([
    ['an empty day typed in records', null, '2.5', { kind: 'record', hours: 2.5 }],
    ['an empty day left empty does nothing', null, '', { kind: 'none' }],
    ['the same hours again do nothing', delivered, '3', { kind: 'none' }],
    ['other hours update', delivered, '3.25', { kind: 'update', hours: 3.25 }],
    ['clearing a day removes its entry', delivered, '', { kind: 'delete' }],
    ['clearing a missed visit removes it', missed, ' ', { kind: 'delete' }],
    ['a missed visit left as it was does nothing', missed, 'Missed', { kind: 'none' }],
    ['hours over a missed visit update it', missed, '2', { kind: 'update', hours: 2 }],
    ['"missed" typed over hours asks for the dialog', delivered, 'missed', { kind: 'invalid', message: MISSED_NEEDS_DIALOG }],
    ['bad hours are refused', delivered, '25', { kind: 'invalid', message: 'At most 24 hours in a day' }],
  ] as const)('%s', (_, saved, text, change) => {
    expect(cellChange(saved, text)).toEqual(change);
  });
});

const storePackage = {
  id: 'p1',
  carerId: 'm1',
  carerName: 'Ann Carer',
  givenToAnother: false,
  clientName: 'Bob Client',
  packageName: '',
  startDate: '2026-01-01',
  endDate: null,
  plannedTo: null,
  weeklyHours: 7,
  plannedHours: 7,
  weekPlannedHours: 7,
  entries: [] as Entry[],
  visits: [],
};
/** Ann's row of package p1. */
const ROW = rowKey(storePackage);
const storeWeek = {
  weekStart: '2026-11-16',
  days: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'],
  today: '2026-11-24',
  closedMonths: [] as string[],
  packages: [storePackage],
};

/** A store whose saves answer as the test says; the cell's behaviour around them is what is tested. */
function storeWith(api: Partial<TimesheetApi>) {
  const store = new TimesheetStore({
    record: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    onSaved: vi.fn(),
    onStale: vi.fn(),
    ...api,
  } as TimesheetApi);
  store.load(storeWeek);
  return store;
}

function renderCells(store: TimesheetStore, onOpenDialog = vi.fn()) {
  render(
    <div data-timesheet>
      {['2026-11-16', '2026-11-17'].map((date, col) => (
        <DayCell key={date} store={store} cellKey={cellKey(ROW, date)} row={0} col={col} label={`Day ${col + 1}`} lock={null} readOnly={false} onOpenDialog={onOpenDialog} />
      ))}
    </div>,
  );
  return onOpenDialog;
}

describe('DayCell', () => {
  it('marks a day the carer’s visits made, and sets the carer’s visits beside the office’s figure, flagged where they differ', () => {
    const store = storeWith({});
    const byCarer = { ...delivered, hours: 1, source: 'carer' as const };
    const office = { ...delivered, id: 'd2', date: '2026-11-17', hours: 2 };
    store.load({ ...storeWeek, packages: [{ ...storePackage, entries: [byCarer, office] }] });
    const visits = { date: '2026-11-16', start: '09:30', end: '10:30', couldNotVisit: null, note: '', tellOffice: false };
    const pkg = {
      visits: [
        visits,
        { ...visits, date: '2026-11-17' },
        { date: '2026-11-17', start: '14:00', end: '14:30', couldNotVisit: null, note: 'Fell in the hall, no injury', tellOffice: true },
        // A night visit: 2 hours on its day, 7 on the next.
        { date: '2026-11-17', start: '22:00', end: '07:00', couldNotVisit: null, note: 'Quiet night', tellOffice: false },
        // A visit that did not happen: no hours, its reason in words.
        { date: '2026-11-18', start: null, end: null, couldNotVisit: 'noAnswer' as const, note: 'Rang the daughter', tellOffice: false },
      ],
    };
    render(
      <div data-timesheet>
        {['2026-11-16', '2026-11-17', '2026-11-18'].map((date, col) => (
          <DayCell key={date} store={store} cellKey={cellKey(ROW, date)} row={0} col={col} label={`Day ${col + 1}`} lock={null} readOnly={false} onOpenDialog={vi.fn()} {...visitProps(pkg, date)} />
        ))}
      </div>,
    );
    expect(screen.getByLabelText('Day 1')).toHaveValue('1');
    expect(screen.getByLabelText('Day 1')).toHaveAccessibleDescription('By the carer: 09:30–10:30');
    expect(screen.getByLabelText('Day 2')).toHaveValue('2');
    expect(screen.getByLabelText('Day 2')).toHaveAccessibleDescription(
      "Carer's app: 3.5 h, 09:30–10:30, 14:00–14:30, 22:00–07:00 overnight Note: For the office: Fell in the hall, no injury · Quiet night",
    );
    expect(screen.getByText("Carer's app: 3.5 h, 09:30–10:30, 14:00–14:30, 22:00–07:00 overnight")).toHaveClass('text-amber-800');
    expect(screen.getByLabelText('Day 3')).toHaveAccessibleDescription(
      "Carer's app: 7 h, 22:00–07:00 overnight, Couldn’t visit: no answer at the door Note: Quiet night · Rang the daughter",
    );
  });

  it('refuses bad hours on leaving the cell, keeps what was typed and sends nothing', async () => {
    const record = vi.fn();
    const store = storeWith({ record });
    renderCells(store);
    await userEvent.type(screen.getByLabelText('Day 1'), '30');
    await userEvent.tab();
    expect(screen.getByLabelText('Day 1')).toHaveValue('30');
    expect(screen.getByLabelText('Day 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 24 hours in a day');
    expect(record).not.toHaveBeenCalled();
    expect(store.unsavedCount()).toBe(1);
  });

  it('saves on leaving the cell and keeps the server’s refusal beside the typed value', async () => {
    const refusal = DELIVERY_MESSAGES.closedMonth('2026-11');
    const record = vi.fn().mockRejectedValue(new Error(refusal));
    const store = storeWith({ record });
    renderCells(store);
    await userEvent.type(screen.getByLabelText('Day 1'), '7.5');
    await userEvent.tab();
    expect(record).toHaveBeenCalledWith({ packageId: 'p1', carerId: 'm1', date: '2026-11-16', status: 'delivered', hours: 7.5, note: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Day 1')).toHaveValue('7.5');
    expect(screen.getByLabelText('Day 2')).toHaveFocus();
  });

  it('shows the saved value as stored and moves on with Tab', async () => {
    const entry: Entry = { ...delivered, date: '2026-11-16', hours: 7.5 };
    const store = storeWith({ record: vi.fn().mockResolvedValue(entry) });
    renderCells(store);
    await userEvent.type(screen.getByLabelText('Day 1'), '7.50');
    await userEvent.tab();
    expect(await screen.findByLabelText('Saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Day 1')).toHaveValue('7.5');
    expect(store.totals(ROW, ['2026-11-16', '2026-11-17'])).toEqual({ hours: 7.5, missed: 0 });
    expect(store.unsavedCount()).toBe(0);
  });

  it('opens the missed-visit dialog on M without typing the letter', async () => {
    const store = storeWith({});
    const onOpenDialog = renderCells(store);
    await userEvent.type(screen.getByLabelText('Day 2'), 'm');
    expect(onOpenDialog).toHaveBeenCalledWith(cellKey(ROW, '2026-11-17'), 'missed');
    expect(screen.getByLabelText('Day 2')).toHaveValue('');
  });

  it('saves on Enter and moves down to the same day of the next package; the arrows move between rows', async () => {
    const record = vi.fn().mockResolvedValue({ ...delivered, hours: 2 });
    const store = storeWith({ record });
    render(
      <div data-timesheet>
        {[0, 1].map((row) => (
          <DayCell key={row} store={store} cellKey={cellKey(ROW, `2026-11-1${6 + row}`)} row={row} col={0} label={`Row ${row + 1}`} lock={null} readOnly={false} onOpenDialog={vi.fn()} />
        ))}
      </div>,
    );
    await userEvent.type(screen.getByLabelText('Row 1'), '2{Enter}');
    expect(screen.getByLabelText('Row 2')).toHaveFocus();
    expect(record).toHaveBeenCalledWith({ packageId: 'p1', carerId: 'm1', date: '2026-11-16', status: 'delivered', hours: 2, note: '' });
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByLabelText('Row 1')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByLabelText('Row 2')).toHaveFocus();
  });

  it('puts back what is stored on Escape', async () => {
    const store = storeWith({});
    renderCells(store);
    await userEvent.type(screen.getByLabelText('Day 1'), '4{Escape}');
    expect(screen.getByLabelText('Day 1')).toHaveValue('');
    expect(store.unsavedCount()).toBe(0);
  });
});

describe('a package given to another carer', () => {
  it('keeps each carer’s days on their own row: the earlier carer’s entry stays theirs, and a day typed on their row is recorded for them', async () => {
    const record = vi.fn().mockResolvedValue({ ...delivered, id: 'd9', carerId: 'm0', date: '2026-11-17', hours: 2 });
    const onSaved = vi.fn();
    const store = storeWith({ record, onSaved });
    const earlier = { ...storePackage, carerId: 'm0', carerName: 'Zoe Former', givenToAnother: true, plannedHours: 0, weekPlannedHours: 0 };
    const theirs = { ...delivered, carerId: 'm0', hours: 1.5, source: 'carer' as const };
    const now = { ...delivered, id: 'd2', date: '2026-11-16', hours: 3 };
    store.load({ ...storeWeek, packages: [{ ...storePackage, entries: [now] }, { ...earlier, entries: [theirs] }] });
    // The same package and day, a cell on each carer's row.
    expect(store.get(cellKey(ROW, '2026-11-16')).saved).toMatchObject({ id: 'd2', hours: 3 });
    expect(store.get(cellKey(rowKey(earlier), '2026-11-16')).saved).toMatchObject({ carerId: 'm0', hours: 1.5 });
    expect(store.totals(ROW, storeWeek.days)).toEqual({ hours: 3, missed: 0 });
    expect(store.totals(rowKey(earlier), storeWeek.days)).toEqual({ hours: 1.5, missed: 0 });

    store.setText(cellKey(rowKey(earlier), '2026-11-17'), '2');
    store.commit(cellKey(rowKey(earlier), '2026-11-17'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(record).toHaveBeenCalledWith({ packageId: 'p1', carerId: 'm0', date: '2026-11-17', status: 'delivered', hours: 2, note: '' });
    expect(onSaved).toHaveBeenCalledWith(rowKey(earlier), '2026-11-17', expect.objectContaining({ carerId: 'm0' }));
    expect(store.totals(ROW, storeWeek.days)).toEqual({ hours: 3, missed: 0 });
  });
});

describe('a stale save', () => {
  it('keeps what was typed, shows why, asks for the week again, and saves against the newest entry next time', async () => {
    const stale = 'This record was changed by someone else. Reload to see the latest version.';
    const update = vi
      .fn()
      .mockRejectedValueOnce(TRPCClientError.from({ error: { message: stale, code: -32009, data: { code: 'CONFLICT', httpStatus: 409 } } }))
      .mockImplementation((input: { hours: number; version: number }) => Promise.resolve({ ...delivered, hours: input.hours, version: input.version + 1 }));
    const onStale = vi.fn();
    const store = storeWith({ update, onStale });
    const key = cellKey(ROW, '2026-11-16');
    const week = (entry: Entry) => ({
      weekStart: '2026-11-16',
      days: ['2026-11-16'],
      today: '2026-11-24',
      closedMonths: [],
      packages: [{ id: 'p1', carerId: 'm1', carerName: 'A', givenToAnother: false, clientName: 'B', packageName: '', startDate: '2026-01-01', endDate: null, plannedTo: null, weeklyHours: 7, plannedHours: 7, weekPlannedHours: 7, entries: [entry], visits: [] }],
    });
    store.load(week(delivered));
    store.setText(key, '5');
    expect(await store.save(key, { status: 'delivered', hours: 5, note: '' })).toBe(stale);
    expect(onStale).toHaveBeenCalledOnce();
    expect(store.get(key)).toMatchObject({ text: '5', status: 'refused', message: stale });

    // The week comes back with a colleague's change: the typed 5 stays, now against version 2.
    store.load(week({ ...delivered, version: 2, hours: 4 }));
    expect(store.get(key)).toMatchObject({ text: '5', status: 'refused', saved: { version: 2, hours: 4 } });
    store.commit(key);
    await vi.waitFor(() => expect(store.get(key).status).toBe('saved'));
    expect(update).toHaveBeenLastCalledWith({ id: 'd1', version: 2, status: 'delivered', hours: 5, note: '' });
    expect(store.unsavedCount()).toBe(0);
  });
});

describe('EntryDialog', () => {
  it('marks a missed visit by keyboard: the reasons take focus, arrows choose, Enter in the note saves', async () => {
    const record = vi.fn().mockResolvedValue({ ...missed, reason: 'carer-unavailable', note: 'Flat tyre' });
    const store = storeWith({ record });
    const onClose = vi.fn();
    render(<EntryDialog store={store} target={{ cellKey: cellKey(ROW, '2026-11-16'), mode: 'missed', who: 'Ann Carer for Bob Client' }} onClose={onClose} />);
    expect(screen.getByRole('radio', { name: 'Client cancelled' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Carer unavailable' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('Flat tyre{Enter}');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(record).toHaveBeenCalledWith({ packageId: 'p1', carerId: 'm1', date: '2026-11-16', status: 'missed', hours: 0, reason: 'carer-unavailable', note: 'Flat tyre' });
    expect(store.get(cellKey(ROW, '2026-11-16')).text).toBe('Missed');
  });

  it('asks for a reason before saving a missed visit, and sends nothing', async () => {
    const record = vi.fn();
    const store = storeWith({ record });
    render(<EntryDialog store={store} target={{ cellKey: cellKey(ROW, '2026-11-16'), mode: 'missed', who: 'Ann Carer for Bob Client' }} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(DELIVERY_MESSAGES.reasonRequired);
    expect(record).not.toHaveBeenCalled();
  });

  it('clears a day with an entry, and keeps the dialog open with the server’s refusal', async () => {
    const refusal = DELIVERY_MESSAGES.closedMonth('2026-11');
    const remove = vi.fn().mockRejectedValue(new Error(refusal));
    const store = storeWith({ remove });
    store.load({ ...storeWeek, packages: [{ ...storePackage, entries: [delivered] }] });
    const onClose = vi.fn();
    render(<EntryDialog store={store} target={{ cellKey: cellKey(ROW, '2026-11-16'), mode: 'entry', who: 'Ann Carer for Bob Client' }} onClose={onClose} />);
    expect(screen.getByLabelText('Hours')).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the day' }));
    expect(remove).toHaveBeenCalledWith({ id: 'd1', version: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });
});
