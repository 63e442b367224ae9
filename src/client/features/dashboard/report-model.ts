import type { RouterOutputs } from '@/browser/api-types';

/** What a report counts: the care clients asked for, or the care carers give. */
export type ReportItems = 'requests' | 'packages';
/** How it breaks the hours down. */
export type ReportBreakdown = 'locality' | 'deprivation';

export interface ReportChoice {
  items: ReportItems;
  breakdown: ReportBreakdown;
  startYear: number;
}

/**
 * What the form's Report Type offers: an hours report of requests or packages, delivered care against planned, or
 * wellbeing before and after care for a funder.
 */
export type ReportType = ReportItems | 'delivered' | 'wellbeing';

export const REPORT_ITEMS: Record<ReportType, { option: string; title: string }> = {
  requests: { option: 'Requests Report', title: 'Requests' },
  packages: { option: 'Packages Report', title: 'Packages' },
  delivered: { option: 'Delivered Care Report', title: 'Delivered Care' },
  wellbeing: { option: 'Wellbeing Report', title: 'Wellbeing' },
};

export const REPORT_BREAKDOWNS: Record<ReportBreakdown, { option: string; group: string; heading: string; fileWord: string }> = {
  locality: { option: 'By Locality', group: 'Locality', heading: 'By Locality', fileWord: 'locality' },
  deprivation: { option: 'By Deprivation', group: 'Deprivation Category', heading: 'By Deprivation Category', fileWord: 'deprivation' },
};

/** The analytics procedure behind each choice (spec §7.3). */
export const REPORT_PROCEDURES = {
  requests: { locality: 'getRequestsReport', deprivation: 'getRequestsDeprivationReport' },
  packages: { locality: 'getPackagesReport', deprivation: 'getPackagesDeprivationReport' },
} as const satisfies Record<ReportItems, Record<ReportBreakdown, keyof RouterOutputs['analytics']>>;

type ReportResponse = RouterOutputs['analytics']['getRequestsReport'] | RouterOutputs['analytics']['getRequestsDeprivationReport'];
type ResponsePeriod = ReportResponse['years'][number] | ReportResponse['years'][number]['months'][number];

export type NamedHours = ReportResponse['years'][number]['services'][number];
/** A locality or deprivation category, with its service split. */
export type GroupHours = NamedHours & { services: NamedHours[] };
export interface PeriodHours {
  totalHours: number;
  services: NamedHours[];
  groups: GroupHours[];
}
export type MonthHours = PeriodHours & { month: number };
export type YearHours = PeriodHours & { year: number; months: MonthHours[] };

/** A report as the dialog shows and exports it: the same figures whichever breakdown was chosen. */
export interface HoursReport {
  choice: ReportChoice;
  years: YearHours[];
}

function periodHours(period: ResponsePeriod): PeriodHours {
  const groups = 'localities' in period ? period.localities : period.deprivationCategories;
  return { totalHours: period.totalHours, services: period.services, groups };
}

export function toHoursReport(choice: ReportChoice, response: ReportResponse): HoursReport {
  return {
    choice,
    years: response.years.map((year) => ({
      year: year.year,
      ...periodHours(year),
      months: year.months.map((month) => ({ month: month.month, ...periodHours(month) })),
    })),
  };
}

/** The last year a report covers: the current year on the server. */
export function lastYearOf(report: HoursReport): number {
  return report.years.at(-1)?.year ?? report.choice.startYear;
}

/** "Packages Analytics Report (2020 - 2026)" (spec §2.10). */
export function reportHeading(report: HoursReport): string {
  return `${REPORT_ITEMS[report.choice.items].title} Analytics Report (${report.choice.startYear} - ${lastYearOf(report)})`;
}

/** "packages-report-deprivation-2020-2026.csv" */
export function reportFileName(report: HoursReport, extension: 'csv' | 'xlsx'): string {
  const { items, breakdown, startYear } = report.choice;
  return `${items}-report-${REPORT_BREAKDOWNS[breakdown].fileWord}-${startYear}-${lastYearOf(report)}.${extension}`;
}
