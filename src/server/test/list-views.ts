import { expect } from 'vitest';
import type { TestApp } from './test-app';

type Rows = Promise<{ id: string }[]>;

/** A care list's three views, as a caller reads them (`admin.requests`, `admin.packages`). */
interface ListViews {
  getAll: () => Rows;
  getAllNotArchived: () => Rows;
  getAllNotEndedYet: () => Rows;
}

/**
 * Proves a list's views around today: active (not ended yet), completed (not archived) and archived (all), newest
 * first, on five records `add` makes (ended yesterday, ending today, ending tomorrow, open, archived); then, a day
 * later, that the one ending today has left the active view.
 */
export async function expectViewsAroundToday(
  t: Pick<TestApp, 'setToday'>,
  views: ListViews,
  add: (overrides: { endDate?: string; archived?: 'Y' }) => Promise<{ id: string }>,
  days: { yesterday: string; today: string; tomorrow: string },
) {
  const endedYesterday = await add({ endDate: days.yesterday });
  const endsToday = await add({ endDate: days.today });
  const endsTomorrow = await add({ endDate: days.tomorrow });
  const open = await add({});
  const archived = await add({ archived: 'Y' });
  const ours = [endedYesterday, endsToday, endsTomorrow, open, archived].map((r) => r.id);
  const shown = async (list: Rows) => (await list).map((r) => r.id).filter((id) => ours.includes(id));

  expect(await shown(views.getAllNotEndedYet())).toEqual([archived.id, open.id, endsTomorrow.id, endsToday.id]);
  expect(await shown(views.getAllNotArchived())).toEqual([open.id, endsTomorrow.id, endsToday.id, endedYesterday.id]);
  expect(await shown(views.getAll())).toEqual([archived.id, open.id, endsTomorrow.id, endsToday.id, endedYesterday.id]);

  t.setToday(days.tomorrow);
  expect(await shown(views.getAllNotEndedYet())).toEqual([archived.id, open.id, endsTomorrow.id]);
}
