import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '@/shared/dates';
import { ListScreen, type ListScreenProps } from './list-screen';
import type { ListColumn, ListPermissions, RowActions } from './types';

interface Client {
  id: string;
  name: string;
  status: string;
  archived: boolean;
  details: { address: { postCode: string } };
}

function client(id: string, name: string, status: string, postCode: string, archived = false): Client {
  return { id, name, status, archived, details: { address: { postCode } } };
}

// Deliberately not in name order, so sorting is observable.
const clients: Client[] = [
  client('1', 'Bob Jones', 'Active', 'EX1 1AA'),
  client('2', 'Ann Smith', 'Active', 'TA4 2AB'),
  client('3', 'Cara Annis', 'Inactive', 'TA1 9ZZ', true),
];

// The post code is not a column: finding it proves the search reads nested row data.
const columns: ListColumn<Client>[] = [
  { id: 'name', header: 'Name', value: (c) => c.name },
  { id: 'status', header: 'Status', value: (c) => c.status },
];

const NONE: ListPermissions = { create: false, update: false, delete: false };
const ALL: ListPermissions = { create: true, update: true, delete: true };

function renderList(overrides: Partial<ListScreenProps<Client>> = {}) {
  const user = userEvent.setup();
  const props: ListScreenProps<Client> = {
    title: 'Clients',
    searchPlaceholder: 'Search by name, post code...',
    rows: clients,
    columns,
    getRowId: (c) => c.id,
    getRowLabel: (c) => c.name,
    permissions: ALL,
    ...overrides,
  };
  const view = render(<ListScreen {...props} />);
  return { user, ...view };
}

/** Rendered data rows, excluding the spacer rows that stand in for rows outside the window. */
function bodyRows(): HTMLTableRowElement[] {
  return Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr:not([aria-hidden])'));
}

function shownNames(): string[] {
  return bodyRows().map((row) => row.cells[0]?.textContent ?? '');
}

function everyAction() {
  return {
    onView: vi.fn<(row: Client) => void>(),
    onEdit: vi.fn<(row: Client) => void>(),
    onAddPackage: vi.fn<(row: Client) => void>(),
    onAddRequest: vi.fn<(row: Client) => void>(),
    onAddTraining: vi.fn<(row: Client) => void>(),
    onRenew: vi.fn<(row: Client) => void>(),
    onArchive: vi.fn<(row: Client) => void>(),
    onDelete: vi.fn<(row: Client) => Promise<unknown>>(() => Promise.resolve()),
    isArchived: (c: Client) => c.archived,
  } satisfies RowActions<Client>;
}

async function openActions(user: ReturnType<typeof userEvent.setup>, rowLabel: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${rowLabel}` }));
  return screen.findByRole('menu');
}

async function menuItemNames(user: ReturnType<typeof userEvent.setup>, rowLabel: string) {
  const menu = await openActions(user, rowLabel);
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('ListScreen header', () => {
  it('shows the title and the total number of rows', () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
  });

  it('has a labelled, 72-unit search box with the screen placeholder', () => {
    renderList();
    const search = screen.getByRole('searchbox', { name: 'Search clients' });
    expect(search).toHaveAttribute('placeholder', 'Search by name, post code...');
    expect(search).toHaveClass('w-72', 'max-md:w-full');
  });

  it('counts no rows while the data has not arrived', () => {
    renderList({ rows: undefined });
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it('hides Add New from roles that cannot create', () => {
    renderList({ permissions: { ...ALL, create: false }, onAddNew: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Add New' })).not.toBeInTheDocument();
  });

  it('shows Add New to roles that can create', async () => {
    const onAddNew = vi.fn();
    const { user } = renderList({ permissions: { ...NONE, create: true }, onAddNew });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    expect(onAddNew).toHaveBeenCalledTimes(1);
  });

  it('renders the screen toolbar', () => {
    renderList({ toolbar: <button type="button">Show Archived</button> });
    expect(screen.getByRole('button', { name: 'Show Archived' })).toBeInTheDocument();
  });
});

describe('ListScreen search and filters', () => {
  it('finds rows by nested values, ignoring case, and updates the total', async () => {
    const { user } = renderList();
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'ta4');
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ann Smith']);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'TA');
    expect(await screen.findByText('Total: 2')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ann Smith', 'Cara Annis']);
  });

  it('has a "Filter..." box under each column header', () => {
    renderList();
    const filters = screen.getAllByPlaceholderText('Filter...');
    expect(filters).toHaveLength(columns.length);
    expect(screen.getByRole('textbox', { name: 'Filter Name' })).toBe(filters[0]);
    expect(screen.getByRole('textbox', { name: 'Filter Status' })).toBe(filters[1]);
  });

  it('filters a column by case-insensitive substring and updates the total', async () => {
    const { user } = renderList();
    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), 'ANN');
    expect(await screen.findByText('Total: 2')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ann Smith', 'Cara Annis']);
  });

  it('filters only its own column', async () => {
    const { user } = renderList();
    // "ann" is in two names but in no status.
    await user.type(screen.getByRole('textbox', { name: 'Filter Status' }), 'ann');
    expect(await screen.findByText('Total: 0')).toBeInTheDocument();
    expect(screen.getByText('No clients found')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Filter Status' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter Status' }), 'inact');
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Cara Annis']);
  });

  it('shows the screen empty message', async () => {
    const { user } = renderList({ emptyMessage: 'No matching clients' });
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No matching clients')).toBeInTheDocument();
  });
});

describe('ListScreen sorting', () => {
  it('toggles a column through ascending, descending and unsorted', async () => {
    const { user } = renderList();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(shownNames()).toEqual(['Bob Jones', 'Ann Smith', 'Cara Annis']);

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(shownNames()).toEqual(['Ann Smith', 'Bob Jones', 'Cara Annis']);

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()).toEqual(['Cara Annis', 'Bob Jones', 'Ann Smith']);

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(shownNames()).toEqual(['Bob Jones', 'Ann Smith', 'Cara Annis']);
  });

  it('sorts from the keyboard', async () => {
    const { user } = renderList();
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(shownNames()).toEqual(['Ann Smith', 'Bob Jones', 'Cara Annis']);
  });
});

describe('ListScreen row actions', () => {
  it('shows every supported action to a role with every permission', async () => {
    const { user } = renderList({ actions: everyAction() });
    expect(await menuItemNames(user, 'Ann Smith')).toEqual([
      'View',
      'Edit',
      'Add Package',
      'Add Request',
      'Add Training',
      'Renew',
      'Archive',
      'Delete',
    ]);
  });

  it('shows only View to a read-only role', async () => {
    const { user } = renderList({ actions: everyAction(), permissions: NONE });
    expect(await menuItemNames(user, 'Ann Smith')).toEqual(['View']);
  });

  it('needs delete permission for Delete', async () => {
    const { user } = renderList({ actions: everyAction(), permissions: { ...ALL, delete: false } });
    const names = await menuItemNames(user, 'Ann Smith');
    expect(names).not.toContain('Delete');
    expect(names).toContain('Edit');
  });

  it('needs update permission for Edit, Renew and Archive', async () => {
    const { user } = renderList({ actions: everyAction(), permissions: { ...ALL, update: false } });
    expect(await menuItemNames(user, 'Ann Smith')).toEqual(['View', 'Add Package', 'Add Request', 'Add Training', 'Delete']);
  });

  it('needs create permission for Add Package, Add Request and Add Training', async () => {
    const { user } = renderList({ actions: everyAction(), permissions: { ...ALL, create: false } });
    expect(await menuItemNames(user, 'Ann Smith')).toEqual(['View', 'Edit', 'Renew', 'Archive', 'Delete']);
  });

  it('offers only the actions the screen supports', async () => {
    const { user } = renderList({ actions: { onEdit: vi.fn() } });
    expect(await menuItemNames(user, 'Ann Smith')).toEqual(['Edit']);
  });

  it('has no actions column when the role can use none of the actions', () => {
    renderList({ actions: { onEdit: vi.fn() }, permissions: NONE });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('offers Unarchive for archived rows', async () => {
    const { user } = renderList({ actions: everyAction() });
    const names = await menuItemNames(user, 'Cara Annis');
    expect(names).toContain('Unarchive');
    expect(names).not.toContain('Archive');
  });

  it('calls the chosen handler with the row', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    const menu = await openActions(user, 'Ann Smith');
    await user.click(within(menu).getByRole('menuitem', { name: 'Add Package' }));
    expect(actions.onAddPackage).toHaveBeenCalledExactlyOnceWith(clients[1]);
    expect(actions.onView).not.toHaveBeenCalled();
  });

  it('opens the menu and picks an item by keyboard', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    screen.getByRole('button', { name: 'Actions for Bob Jones' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(actions.onEdit).toHaveBeenCalledExactlyOnceWith(clients[0]);
  });
});

describe('ListScreen delete confirmation', () => {
  async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>, rowLabel: string) {
    const menu = await openActions(user, rowLabel);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    return screen.findByRole('alertdialog');
  }

  it('asks before deleting, with the exact wording', async () => {
    const { user } = renderList({ actions: everyAction() });
    const dialog = await openDeleteDialog(user, 'Ann Smith');
    expect(dialog).toHaveAccessibleName('Are you sure?');
    expect(dialog).toHaveAccessibleDescription(
      'This action cannot be undone. This will permanently delete the selected item.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // The record is named below the specification's words.
    expect(dialog).toHaveTextContent(/Delete Ann Smith/);
  });

  it('closes on Cancel without deleting', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    const dialog = await openDeleteDialog(user, 'Ann Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(actions.onDelete).not.toHaveBeenCalled();
  });

  it('is not dismissed by clicking outside it', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    await openDeleteDialog(user, 'Ann Smith');
    const overlay = document.querySelector('[data-slot="alert-dialog-overlay"]');
    expect(overlay).not.toBeNull();
    await user.click(overlay as Element);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(actions.onDelete).not.toHaveBeenCalled();
  });

  it('deletes the row once, disabling Delete until the delete finishes', async () => {
    let finishDelete: () => void = () => {};
    const actions = everyAction();
    actions.onDelete.mockImplementation(() => new Promise<void>((resolve) => (finishDelete = resolve)));
    const { user } = renderList({ actions });
    const dialog = await openDeleteDialog(user, 'Ann Smith');
    const deleteButton = within(dialog).getByRole('button', { name: 'Delete' });

    await user.click(deleteButton);
    expect(actions.onDelete).toHaveBeenCalledExactlyOnceWith(clients[1]);
    expect(deleteButton).toBeDisabled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    finishDelete();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
  });

  it('returns focus to the row after Cancel, and to the table after a delete', async () => {
    const { user } = renderList({ actions: everyAction() });
    let dialog = await openDeleteDialog(user, 'Ann Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Ann Smith' })).toHaveFocus());

    dialog = await openDeleteDialog(user, 'Ann Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Clients table' })).toHaveFocus());
  });

  it('closes when the delete fails', async () => {
    const actions = everyAction();
    actions.onDelete.mockImplementation(() => Promise.reject(new Error('Server unavailable')));
    const { user } = renderList({ actions });
    const dialog = await openDeleteDialog(user, 'Ann Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('ListScreen with 5,000 rows', () => {
  const manyClients = Array.from({ length: 5000 }, (_, i) =>
    client(String(i), `Person ${i}`, i % 2 === 0 ? 'Active' : 'Inactive', `TA${i % 10} 1AA`),
  );

  it('renders only a window of rows', () => {
    renderList({ rows: manyClients, actions: everyAction() });
    expect(screen.getByText('Total: 5000')).toBeInTheDocument();
    const rendered = document.querySelectorAll('tbody tr');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(100);
    expect(shownNames()[0]).toBe('Person 0');
    expect(screen.queryByText('Person 4999')).not.toBeInTheDocument();
  });

  it('shows a row near the end once filtered to it', async () => {
    const { user } = renderList({ rows: manyClients, actions: everyAction() });
    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), 'person 4999');
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Person 4999']);
    expect(screen.getByRole('button', { name: 'Actions for Person 4999' })).toBeInTheDocument();
  });

  it('keeps the table scrollable and named for keyboard users', () => {
    renderList({ rows: manyClients });
    const region = screen.getByRole('region', { name: 'Clients table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-auto');
    // Down to the window's bottom edge, not a fixed share of it.
    expect(region.style.maxHeight).toMatch(/^max\(20rem, calc\(100dvh - \d+px\)\)$/);
    expect(within(region).getByRole('table', { name: 'Clients' })).toHaveAttribute('aria-rowcount', '5002');
  });
});

describe('ListScreen states', () => {
  it('shows Loading... instead of the table while loading', () => {
    renderList({ rows: undefined, isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error instead of the table', () => {
    renderList({ rows: undefined, error: 'Error loading clients' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading clients');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('ListScreen opening a row', () => {
  it('opens the view when a row is clicked, but not when its actions button is', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    await user.click(screen.getByRole('button', { name: 'Actions for Ann Smith' }));
    expect(actions.onView).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('cell', { name: 'Ann Smith' }));
    expect(actions.onView).toHaveBeenCalledExactlyOnceWith(clients[1]);
  });

  it('does not open the view when a menu item is chosen', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    const menu = await openActions(user, 'Ann Smith');
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(actions.onEdit).toHaveBeenCalledTimes(1);
    expect(actions.onView).not.toHaveBeenCalled();
  });

  it('opens the view with Enter on a focused row', async () => {
    const actions = everyAction();
    const { user } = renderList({ actions });
    const row = screen.getByRole('cell', { name: 'Bob Jones' }).closest('tr')!;
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(actions.onView).toHaveBeenCalledExactlyOnceWith(clients[0]);
  });

  it('leaves rows alone when the list has no view', async () => {
    const actions = { onEdit: vi.fn() };
    const { user } = renderList({ actions });
    const row = screen.getByRole('cell', { name: 'Bob Jones' }).closest('tr')!;
    expect(row).not.toHaveAttribute('tabindex');
    await user.click(row);
    expect(actions.onEdit).not.toHaveBeenCalled();
  });
});

describe('ListScreen default order', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts in the screen’s default order, shown on the header', () => {
    renderList({ defaultSort: { columnId: 'name', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()).toEqual(['Cara Annis', 'Bob Jones', 'Ann Smith']);
  });

  it('takes the order from ?sort= in the address, ascending or with a minus descending', () => {
    window.history.replaceState(null, '', '/clients?sort=status');
    const { unmount } = renderList({ defaultSort: { columnId: 'name', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    unmount();

    window.history.replaceState(null, '', '/clients?sort=-name');
    renderList();
    expect(shownNames()).toEqual(['Cara Annis', 'Bob Jones', 'Ann Smith']);
  });

  it('ignores ?sort= naming a column the list does not have', () => {
    window.history.replaceState(null, '', '/clients?sort=expiry');
    renderList();
    expect(shownNames()).toEqual(['Bob Jones', 'Ann Smith', 'Cara Annis']);
  });
});

describe('ListScreen on a narrow screen', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: true })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  const cardColumns: ListColumn<Client>[] = [
    { id: 'status', header: 'Status', value: (c) => c.status, card: 'key' },
    { id: 'name', header: 'Name', value: (c) => c.name, card: 'title' },
    { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode, card: 'first' },
    { id: 'id', header: 'ID', value: (c) => c.id },
  ];

  it('shows a card per row with its title and key fields, the first one first, and its actions', () => {
    renderList({ columns: cardColumns, actions: everyAction() });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Ann Smith' });
    const fields = Array.from(card.querySelectorAll('dt')).map((term) => term.textContent);
    expect(fields).toEqual(['Post Code', 'Status']);
    expect(within(card).getByText('TA4 2AB')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Actions for Ann Smith' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('opens a card’s view on a click or Enter, not from its actions button', async () => {
    const actions = everyAction();
    const { user } = renderList({ columns: cardColumns, actions });
    const card = screen.getByRole('article', { name: 'Bob Jones' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Bob Jones' }));
    expect(actions.onView).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(within(card).getByText('EX1 1AA'));
    expect(actions.onView).toHaveBeenCalledExactlyOnceWith(clients[0]);
    card.focus();
    await user.keyboard('{Enter}');
    expect(actions.onView).toHaveBeenCalledTimes(2);
  });

  it('reaches every column’s filter from Filters, as the table’s filter row does, and counts those in use', async () => {
    const { user } = renderList({ columns: cardColumns });
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Filter Post Code' })).not.toBeInTheDocument();
    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Filters by column' });
    expect(within(group).getAllByRole('textbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Filter Status', 'Filter Name', 'Filter Post Code', 'Filter ID']);
    await user.type(within(group).getByRole('textbox', { name: 'Filter Post Code' }), 'EX1');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Bob Jones']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('chooses the cards’ order from a Sort by list, as the table’s headers do', async () => {
    const { user } = renderList({ columns: cardColumns, defaultSort: { columnId: 'name', direction: 'asc' } });
    const names = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveDisplayValue('Name (ascending)');
    expect(names()).toEqual(['Ann Smith', 'Bob Jones', 'Cara Annis']);
    await user.selectOptions(sortBy, 'Post Code (descending)');
    expect(names()).toEqual(['Ann Smith', 'Cara Annis', 'Bob Jones']);
    await user.selectOptions(sortBy, 'Order as loaded');
    expect(names()).toEqual(['Bob Jones', 'Ann Smith', 'Cara Annis']);
  });

  it('searches the cards like the table and says when none match', async () => {
    const { user } = renderList({ columns: cardColumns });
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzz');
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
  });

  it('without marked columns takes the first column as title and the rest as fields', () => {
    renderList();
    const card = screen.getByRole('article', { name: 'Ann Smith' });
    expect(Array.from(card.querySelectorAll('dt')).map((term) => term.textContent)).toEqual(['Status']);
  });
});

describe('ListScreen Export CSV', () => {
  let files: { name: string; file: Blob }[];
  const { createObjectURL, revokeObjectURL } = URL;

  // jsdom has no object URLs and cannot download; the test keeps what the browser would have saved.
  beforeEach(() => {
    files = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (file: Blob | MediaSource) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, file as Blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, file: blobs.get(this.href)! });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  async function exportCsv(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files).toHaveLength(1);
    const { name, file } = files.pop()!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { name, type: file.type, bytes, lines: new TextDecoder().decode(bytes).split('\r\n') };
  }

  it('downloads the rows shown after the search, a column filter and the sort, in the shown columns only', async () => {
    const { user } = renderList({ actions: everyAction() });
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'TA');
    await user.type(screen.getByRole('textbox', { name: 'Filter Status' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(shownNames()).toEqual(['Cara Annis', 'Ann Smith']);

    // The actions column is on screen, but not in the file.
    expect(screen.getAllByRole('button', { name: /^Actions for/ })).toHaveLength(2);
    expect((await exportCsv(user)).lines).toEqual(['Name,Status', 'Cara Annis,Inactive', 'Ann Smith,Active', '']);

    await user.clear(screen.getByRole('textbox', { name: 'Filter Status' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter Status' }), 'inact');
    expect((await exportCsv(user)).lines).toEqual(['Name,Status', 'Cara Annis,Inactive', '']);
  });

  it('downloads the header alone when no row matches', async () => {
    const { user } = renderList();
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzz');
    expect((await exportCsv(user)).lines).toEqual(['Name,Status', '']);
  });

  it('follows the rows the screen passes, as the Show Archived toggle changes them', async () => {
    const { user, rerender } = renderList();
    const props: ListScreenProps<Client> = { title: 'Clients', searchPlaceholder: '', columns, getRowId: (c) => c.id, getRowLabel: (c) => c.name, permissions: NONE, rows: clients.filter((c) => !c.archived) };
    rerender(<ListScreen {...props} />);
    expect((await exportCsv(user)).lines).toEqual(['Name,Status', 'Bob Jones,Active', 'Ann Smith,Active', '']);
    rerender(<ListScreen {...props} rows={clients} />);
    expect((await exportCsv(user)).lines).toEqual(['Name,Status', 'Bob Jones,Active', 'Ann Smith,Active', 'Cara Annis,Inactive', '']);
  });

  it('writes UTF-8 text/csv with a byte-order mark, named after the list and the day', async () => {
    const { user } = renderList({ rows: [client('1', 'Zoë Ørsted', 'Active', 'TA1 1AA')] });
    const { name, type, bytes, lines } = await exportCsv(user);
    expect(name).toBe(`clients-${todayIn()}.csv`);
    expect(type).toBe('text/csv;charset=utf-8');
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[1]).toBe('Zoë Ørsted,Active');
  });

  it('names the file by exportName when the screen gives one', async () => {
    const { user } = renderList({ title: 'MPs', exportName: 'DBS MPs' });
    expect((await exportCsv(user)).name).toBe(`dbs-mps-${todayIn()}.csv`);
  });

  it('writes each column’s value, numbers as numbers and formula-like text as text', async () => {
    const hours: ListColumn<Client> = { id: 'hours', header: 'Short by', value: (c) => (c.id === '1' ? -3.5 : 2), cell: () => 'shown differently' };
    const { user } = renderList({ rows: [client('1', '=HYPERLINK("http://example.com")', 'Active', ''), client('2', '@SUM(A1)', 'Active', '')], columns: [...columns, hours] });
    expect((await exportCsv(user)).lines).toEqual([
      'Name,Status,Short by',
      `"'=HYPERLINK(""http://example.com"")",Active,-3.5`,
      "'@SUM(A1),Active,2",
      '',
    ]);
  });

  it('is reached from the keyboard after the search box, before the screen’s own controls', async () => {
    const { user } = renderList({ toolbar: <button type="button">Show Archived</button> });
    screen.getByRole('searchbox', { name: 'Search clients' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show Archived' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(files).toHaveLength(1);
  });

  it('waits for the rows before it can be pressed', () => {
    renderList({ rows: undefined, isLoading: true });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
