import type { DeliveredReport, DeliveredYear } from './delivered-model';

/**
 * A year with one month of care: two localities, a package with two services, an MP the role may not name. Recording
 * began in March, which is closed.
 */
const figures = (plannedHours: number, deliveredHours: number) => ({ plannedHours, deliveredHours, deliveryRate: plannedHours > 0 ? deliveredHours / plannedHours : null });
const empty = { ...figures(0, 0), missedVisits: 0, services: [], groups: [], carers: [] };
const march = {
  month: 3,
  recorded: true,
  closed: true,
  ...figures(21, 5.75),
  missedVisits: 1,
  services: [],
  groups: [
    { name: 'Wiveliscombe', ...figures(10, 2.25), missedVisits: 0, services: [{ name: 'Unspecified', ...figures(10, 2.25) }] },
    { name: 'Milverton', ...figures(11, 3.5), missedVisits: 1, services: [{ name: 'Personal Care', ...figures(5.5, 1.75) }, { name: 'Domestic', ...figures(5.5, 1.75) }] },
  ],
  carers: [
    { carerId: 'mone', name: '', ...figures(11, 3.5), missedVisits: 1 },
    { carerId: 'vone', name: 'Vera Lane', ...figures(10, 2.25), missedVisits: 0 },
  ],
};
const YEAR: DeliveredYear = {
  year: 2025,
  ...march,
  months: Array.from({ length: 12 }, (_, i) => (i === 2 ? march : { month: i + 1, recorded: i > 2, closed: false, ...empty, deliveryRate: null })),
};
export const REPORT: DeliveredReport = { choice: { breakdown: 'locality', startYear: 2025 }, recordedFrom: '2025-03', years: [YEAR] };

