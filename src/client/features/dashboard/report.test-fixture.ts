import { type HoursReport, toHoursReport } from './report-model';

const empty = { totalHours: 0, services: [], deprivationCategories: [] };

/** For tests: a packages report by deprivation from 2025, with hours in March 2025 and January 2026 only. */
export const REPORT: HoursReport = toHoursReport(
  { items: 'packages', breakdown: 'deprivation', startYear: 2025 },
  {
    years: [
      {
        year: 2025,
        totalHours: 30.123456,
        services: [
          { name: 'Personal Care', totalHours: 20.1 },
          { name: 'Domestic', totalHours: 10.023456 },
        ],
        deprivationCategories: [{ name: 'Both', totalHours: 30.123456, services: [] }],
        months: Array.from({ length: 12 }, (_, i) =>
          i === 2
            ? {
                month: 3,
                totalHours: 30.123456,
                services: [],
                deprivationCategories: [
                  {
                    name: 'Both',
                    totalHours: 30.123456,
                    services: [
                      { name: 'Personal Care', totalHours: 20.1 },
                      { name: 'Domestic', totalHours: 10.023456 },
                    ],
                  },
                ],
              }
            : { month: i + 1, ...empty },
        ),
      },
      {
        year: 2026,
        totalHours: 4.005,
        services: [{ name: 'Meal Prep, Hot', totalHours: 4.005 }],
        deprivationCategories: [],
        months: Array.from({ length: 12 }, (_, i) =>
          i === 0
            ? {
                month: 1,
                totalHours: 4.005,
                services: [],
                deprivationCategories: [{ name: 'None', totalHours: 4.005, services: [{ name: 'Meal Prep, Hot', totalHours: 4.005 }] }],
              }
            : { month: i + 1, ...empty },
        ),
      },
    ],
  },
);
