import type { Page, Request } from '@playwright/test';
import { todayIn } from '@/shared/dates';
import { newCarer, newClient } from '@/server/test/builders';
import { type Api, expect, openRowView, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const leaveWarning = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });
/** The toasts of a successful change, which name what happened ("Client Ann Lee saved", "MP renamed to …"). */
const successToasts = (page: Page) => page.getByText(/^(Client|MP|Volunteer) .*(saved|renamed to .*)$/);

test.describe('Edit name', () => {
  /** A new client and a new MP or volunteer (names made unique), each with the path of its list and a read of it as stored. */
  async function aClientAndACarer(api: Api, names: { client: string; carer: string }, carers: 'mps' | 'volunteers') {
    const client = await api.clients.create.mutate(newClient({ name: unique(names.client) }));
    const carer = await api[carers].create.mutate(newCarer({ name: unique(names.carer) }));
    return [
      { path: '/clients', created: client, stored: () => api.clients.getById.query({ id: client.id }) },
      { path: `/${carers}`, created: carer, stored: () => api[carers].getById.query({ id: carer.id }) },
    ];
  }

  /** Opens a client's or carer's edit form, once it shows the stored name. */
  async function openEditForm(page: Page, path: string, record: { id: string; details: { name: string } }) {
    await page.goto(`${path}/edit/${record.id}`);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(record.details.name);
  }

  /** Edit name on the form: the name typed into its dialog and saved. Returns the dialog. */
  async function saveNameInDialog(page: Page, name: string) {
    await page.getByRole('button', { name: 'Edit name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit name' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  }

  test('saves only the name: one success toast, no conflict, and the form behind keeps its unsaved edits', async ({ page, signIn }) => {
    const api = await withPageToken(page, () => signIn('Admin'));
    for (const { path, created, stored: read } of await aClientAndACarer(api, { client: 'Rita Rename', carer: 'Vera Rename' }, 'volunteers')) {
      await openEditForm(page, path, created);
      await page.getByLabel('Phone').fill('01984 000111');

      const renamed = unique('Renamed Person');
      // Every save of the whole record sent while renaming (the form behind must send none).
      const recordSaves: string[] = [];
      const watchSaves = (request: Request) => {
        if (/\/trpc\/(?:[\w.]+,)*(?:clients|volunteers)\.update(?:[,?]|$)/.test(request.url())) recordSaves.push(request.url());
      };
      page.on('request', watchSaves);
      const dialog = await saveNameInDialog(page, renamed);
      await expect(dialog).toBeHidden();

      // Still on the edit form, with the new name and the phone typed but not saved.
      await expect(successToasts(page)).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      page.off('request', watchSaves);
      expect(recordSaves).toEqual([]);
      await expect(page.getByText(/changed by someone else/)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}/edit/${created.id}$`));
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(renamed);
      await expect(page.getByLabel('Phone')).toHaveValue('01984 000111');
      const stored = await read();
      expect(stored.details.name).toBe(renamed);
      expect(stored.details.phone).toBe('');

      // The rest of the form still saves, against the renamed record's version.
      await page.getByRole('button', { name: /^Update / }).click();
      await page.waitForURL((url) => url.pathname === path);
      const saved = await read();
      expect(saved.details).toMatchObject({ name: renamed, phone: '01984 000111' });
    }
  });

  test('an empty name says "Name is required" and saves nothing, for a client and an MP', async ({ page, signIn }) => {
    const api = await withPageToken(page, () => signIn('Admin'));
    for (const { path, created, stored: read } of await aClientAndACarer(api, { client: 'Nora Noname', carer: 'Max Noname' }, 'mps')) {
      await openEditForm(page, path, created);
      const dialog = await saveNameInDialog(page, '   ');
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}/edit/${created.id}$`));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(successToasts(page)).toHaveCount(0);
      const stored = await read();
      expect(stored).toMatchObject({ version: created.version, details: { name: created.details.name } });
    }
  });
});

test.describe('Unsaved changes', () => {
  test('a half-filled form asks before a sidebar click: Stay keeps what was typed, Leave without saving drops it', async ({ page, signIn }) => {
    await signIn('Admin');
    const name = unique('Half Filled');
    await page.goto('/clients/create');
    await expect(page.getByRole('heading', { name: 'Add Client' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Phone').fill('01984 222333');

    await sidebarLink(page, 'Volunteers').click();
    await expect(leaveWarning(page)).toBeVisible();
    await expect(leaveWarning(page).getByRole('button', { name: 'Stay' })).toBeFocused();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    await expect(leaveWarning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/clients\/create$/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(page.getByLabel('Phone')).toHaveValue('01984 222333');

    // Cancel asks too.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(leaveWarning(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(leaveWarning(page)).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

    await sidebarLink(page, 'Volunteers').click();
    await leaveWarning(page).getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/volunteers');
    await page.goto('/clients');
    await page.getByLabel('Search clients').fill(name);
    await expect(page.getByText('Total: 0')).toBeVisible();
  });

  test('a saved form and an untouched form leave without asking', async ({ page, signIn }) => {
    await signIn('Admin');
    await page.goto('/clients/create');
    await expect(page.getByRole('heading', { name: 'Add Client' })).toBeVisible();
    await sidebarLink(page, 'Dashboard').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const name = unique('Saved Straight');
    await page.goto('/clients/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Date of birth').fill('1940-01-01');
    await page.getByLabel('Post code').fill('TA4 2AB');
    await page.getByRole('button', { name: 'Create Client' }).click();
    await page.waitForURL((url) => url.pathname === '/clients');
    await expect(leaveWarning(page)).toHaveCount(0);
  });

  test('every create, edit and renew form asks before its changes are dropped', async ({ page, signIn }) => {
    test.setTimeout(540_000);
    const api = await withPageToken(page, () => signIn('Admin'));
    const client = await api.clients.create.mutate(newClient({ name: unique('Form Client') }));
    const volunteer = await api.volunteers.create.mutate(newCarer({ name: unique('Form Volunteer') }));
    const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { address: { postCode: 'TA4 2AB' } } });
    const pkg = await api.packages.create.mutate({
      carerId: volunteer.id,
      requestId: request.id,
      startDate: '2025-01-06',
      details: { address: { postCode: 'TA4 2AB' } },
    });
    const log = await api.mag.create.mutate({ date: '2025-01-07', details: { totalClients: 4 } });
    const record = await api.trainingRecords.create.mutate({ ownerId: volunteer.id, expiryDate: '2030-01-01', details: { recordName: 'First Aid' } });

    const forms: [path: string, heading: string, change: (page: Page) => Promise<void>][] = [
      ['/clients/create', 'Add Client', (p) => p.getByLabel('Phone').fill('1')],
      [`/clients/edit/${client.id}`, 'Edit Client', (p) => p.getByLabel('Phone').fill('1')],
      ['/mps/create', 'Add MP', (p) => p.getByLabel('Capacity').fill('Part Time')],
      [`/volunteers/edit/${volunteer.id}`, 'Edit Volunteer', (p) => p.getByLabel('Capacity').fill('Full Time')],
      ['/requests/create', 'Add Request', (p) => p.getByLabel('Request ID').fill('R-1')],
      [`/requests/edit?id=${request.id}`, 'Edit Request', (p) => p.getByLabel('Request ID').fill('R-2')],
      [`/requests/renew?id=${request.id}`, 'Renew Request', (p) => p.getByLabel('Weekly hours').fill('3')],
      ['/packages/create', 'Add Package', (p) => p.getByLabel('Package name').fill('Mornings')],
      [`/packages/edit/${pkg.id}`, 'Edit Package', (p) => p.getByLabel('Package name').fill('Evenings')],
      [`/packages/renew/${pkg.id}`, 'Renew Package', (p) => p.getByLabel('Weekly hours').fill('4')],
      ['/mag/new', 'Add MAG Log', (p) => p.getByLabel('Total family').fill('2')],
      [`/mag/edit/${log.id}`, 'Edit MAG Log', (p) => p.getByLabel('Total family').fill('3')],
      [`/records/create?ownerId=${volunteer.id}`, 'Add Training Record', (p) => p.getByLabel('Notes').fill('Course')],
      [`/records/edit?id=${record.id}&ownerId=${volunteer.id}`, 'Edit Training Record', (p) => p.getByLabel('Notes').fill('Refresher')],
    ];
    for (const [path, heading, change] of forms) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      // Untouched: the sidebar leaves at once.
      await sidebarLink(page, 'Dashboard').click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await change(page);
      await sidebarLink(page, 'Dashboard').click();
      await expect(leaveWarning(page), path).toBeVisible();
      await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await sidebarLink(page, 'Dashboard').click();
      await leaveWarning(page).getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    }
  });

  test('the browser asks before a reload drops a changed form', async ({ page, signIn }) => {
    await signIn('Admin');
    await page.goto('/volunteers/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Reload Me');
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    // Chromium only asks once the page has seen a user gesture, which fill() gives.
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Reload Me');
  });
});

test.describe('Notes tab', () => {
  /** A fresh load (the records were made through the API), then the sidebar, so Back stays inside the app. */
  async function openNotes(page: Page, name: string) {
    await page.goto('/dashboard');
    await sidebarLink(page, 'Clients').click();
    await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
    await page.getByLabel('Search clients').fill(name);
    const view = await openRowView(page, name);
    await view.getByRole('tab', { name: 'Notes' }).click();
    return view;
  }

  test('a note being written asks before Close; once saved with Save Notes, Close just closes', async ({ page, signIn }) => {
    const api = await withPageToken(page, () => signIn('Admin'));
    const client = await api.clients.create.mutate(newClient({ name: unique('Nell Notes') }));
    const name = client.details.name;
    let view = await openNotes(page, name);

    // One way to save: there is no separate "Add note" step.
    await expect(view.getByRole('button', { name: 'Add note' })).toHaveCount(0);
    await view.getByLabel('Note', { exact: true }).fill('Prefers morning visits');
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(leaveWarning(page)).toBeVisible();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    await expect(view.getByLabel('Note', { exact: true })).toHaveValue('Prefers morning visits');

    // Another tab, Edit or the browser's Back would drop it too.
    await view.getByRole('tab', { name: 'Contact Info' }).click();
    await expect(leaveWarning(page)).toBeVisible();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    await view.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(leaveWarning(page)).toBeVisible();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    // Back to the dashboard, inside the app.
    await page.goBack();
    await expect(leaveWarning(page)).toBeVisible();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    // Still on the client's view (its address names it, so a link or the header search opens it).
    await expect(page).toHaveURL(new RegExp(`/clients\\?view=${client.id}$`));
    await expect(view.getByLabel('Note', { exact: true })).toHaveValue('Prefers morning visits');

    await view.getByRole('button', { name: 'Close' }).click();
    await leaveWarning(page).getByRole('button', { name: 'Leave without saving' }).click();
    await expect(view).toBeHidden();
    expect((await api.clients.getById.query({ id: client.id })).details.notes).toEqual([]);

    view = await openNotes(page, name);
    await expect(view.getByText('No notes added yet')).toBeVisible();
    await view.getByLabel('Note', { exact: true }).fill('Prefers morning visits');
    await view.getByLabel('Time taken (mins)').fill('20');
    await view.getByRole('button', { name: 'Save Notes' }).click();
    await expect(successToasts(page).first()).toBeVisible();
    await expect(view.getByRole('list', { name: 'Notes' })).toContainText('Prefers morning visits');
    await expect(view.getByRole('list', { name: 'Notes' })).toContainText('20 min');
    await expect(view.getByLabel('Note', { exact: true })).toHaveValue('');
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(leaveWarning(page)).toHaveCount(0);
    await expect(view).toBeHidden();
    expect((await api.clients.getById.query({ id: client.id })).details.notes).toMatchObject([{ note: 'Prefers morning visits', minutesTaken: 20 }]);
  });

  test('a 20-minute note is edited in minutes, and each note has buttons of its own name', async ({ page, signIn }) => {
    const api = await withPageToken(page, () => signIn('Admin'));
    const today = todayIn();
    const created = await api.clients.create.mutate(newClient({ name: unique('Minnie Minutes') }));
    await api.clients.update.mutate({
      id: created.id,
      version: created.version,
      archived: created.archived,
      dateOfBirth: created.dateOfBirth,
      details: {
        ...created.details,
        notes: [
          { date: today, note: 'Rang about the hospital visit', source: 'Phone', minutesTaken: 20 },
          { date: today, note: 'Called in with a neighbour', source: 'In Person', minutesTaken: 0 },
        ],
      },
    });
    const view = await openNotes(page, created.details.name);

    const editButtons = view.getByRole('button', { name: /^Edit note of / });
    await expect(editButtons).toHaveCount(2);
    const names = await Promise.all([0, 1].map((i) => editButtons.nth(i).getAttribute('aria-label')));
    expect(new Set(names).size).toBe(2);
    await expect(view.getByRole('button', { name: /^Remove note of .*hospital visit/ })).toHaveCount(1);

    await view.getByRole('button', { name: /^Edit note of .*hospital visit/ }).click();
    const editing = view.getByRole('group', { name: 'Edit note' });
    await expect(editing.getByLabel('Time taken (mins)')).toHaveValue('20');
    await editing.getByLabel('Time taken (mins)').fill('25');
    // Closing now would drop the change.
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(leaveWarning(page)).toBeVisible();
    await leaveWarning(page).getByRole('button', { name: 'Stay' }).click();
    await editing.getByRole('button', { name: 'Save Notes' }).click();
    await expect(editing).toBeHidden();
    await expect(view.getByRole('list', { name: 'Notes' })).toContainText('25 min');
    const notes = (await api.clients.getById.query({ id: created.id })).details.notes;
    expect(notes.map((n) => n.minutesTaken).sort()).toEqual([0, 25]);

    // Removing a note asks first, naming it; Keep note keeps it, Remove note removes it.
    await view.getByRole('button', { name: /^Remove note of .*neighbour/ }).click();
    const removeAsk = page.getByRole('alertdialog', { name: 'Remove this note?' });
    await expect(removeAsk).toContainText('Called in with a neighbour');
    await expect(removeAsk.getByRole('button', { name: 'Keep note' })).toBeFocused();
    await removeAsk.getByRole('button', { name: 'Keep note' }).click();
    await expect(removeAsk).toBeHidden();
    await expect(view.getByRole('list', { name: 'Notes' })).toContainText('Called in with a neighbour');
    await view.getByRole('button', { name: /^Remove note of .*neighbour/ }).click();
    await removeAsk.getByRole('button', { name: 'Remove note' }).click();
    await expect(view.getByRole('list', { name: 'Notes' })).not.toContainText('Called in with a neighbour');
    await expect.poll(async () => (await api.clients.getById.query({ id: created.id })).details.notes.length).toBe(1);
  });
});

test('MAG totals start from the people chosen and cannot go below them or below 0', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const clients = await Promise.all(
    [unique('Mabel Attender'), unique('Norman Attender')].map((name) => api.clients.create.mutate(newClient({ name, services: ['MAG'] }))),
  );
  const volunteer = await api.volunteers.create.mutate(newCarer({ name: unique('Vic Helper') }));
  const notes = unique('Totals tea');

  await page.goto('/mag/new');
  await expect(page.getByRole('heading', { name: 'Add MAG Log' })).toBeVisible();
  await page.getByLabel('Notes').fill(notes);
  for (const client of clients) {
    await page.getByLabel('Clients', { exact: true }).fill(client.details.name);
    await page.getByRole('option', { name: client.details.name }).click();
  }
  await page.getByLabel('Volunteers', { exact: true }).fill(volunteer.details.name);
  await page.getByRole('option', { name: volunteer.details.name }).click();
  await expect(page.getByLabel('Total clients')).toHaveValue('2');
  await expect(page.getByLabel('Total volunteers')).toHaveValue('1');
  await expect(page.getByText('Includes the 2 chosen above')).toBeVisible();
  await expect(page.getByText('Total attendees: 3')).toBeVisible();

  // Below the number chosen, or negative: refused with a message, nothing saved.
  await page.getByLabel('Total clients').fill('1');
  await page.getByLabel('Other attendees').fill('-1');
  await page.getByRole('button', { name: 'Create MAG Log' }).click();
  await expect(page.getByText('Total clients cannot be less than the clients chosen (2)')).toBeVisible();
  await expect(page.getByText('Other attendees cannot be negative')).toBeVisible();
  await expect(page).toHaveURL(/\/mag\/new$/);

  // Two more clients came without being picked by name: a typed total above those chosen is kept when one is removed.
  await page.getByLabel('Total clients').fill('4');
  await page.getByLabel('Other attendees').fill('1');
  await page.getByRole('button', { name: 'Remove ' + clients[1]!.details.name }).click();
  await expect(page.getByLabel('Total clients')).toHaveValue('4');
  await page.getByRole('button', { name: 'Create MAG Log' }).click();
  await page.waitForURL((url) => url.pathname === '/mag');
  const saved = (await api.mag.getAll.query()).find((l) => l.details.notes === notes)!;
  expect(saved.details).toMatchObject({ totalClients: 4, totalVolunteers: 1, otherAttendees: 1 });
  expect(saved.clients.map((c) => c.id)).toEqual([clients[0]!.id]);
});

test('required fields name themselves in their messages', async ({ page, signIn }) => {
  await signIn('Admin');
  await page.goto('/clients/create');
  await page.getByRole('button', { name: 'Create Client' }).click();
  for (const message of ['Name is required', 'Date of birth is required', 'Post code is required']) await expect(page.getByText(message)).toBeVisible();
  await page.goto('/packages/create');
  await page.getByRole('button', { name: 'Create Package' }).click();
  for (const message of ['Request is required', 'Carer is required']) await expect(page.getByText(message)).toBeVisible();
  await page.goto('/requests/create');
  await page.getByLabel('Start date').fill('');
  await page.getByLabel('Weekly hours').fill('');
  await page.getByRole('button', { name: 'Create Request' }).click();
  for (const message of ['Client is required', 'Start date is required', 'Enter the weekly hours as a number']) await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
});
