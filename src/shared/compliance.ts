/**
 * Whether a carer may be given care: their DBS re-check, public liability and the training types an Admin
 * requires, as of a day. One rule, worded once, for the server's refusals and the web app's badges.
 */
import type { CarerKind } from './carer-kind';
import type { TRAINING_TYPES } from './constants';
import { addYears, calendarDate, isIsoDate } from './dates';
import { daysUntil } from './expiry';

export type TrainingType = (typeof TRAINING_TYPES)[number];

export const COMPLIANCE_STATUSES = ['Compliant', 'Expiring soon', 'Not compliant'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export interface Compliance {
  status: ComplianceStatus;
  /** Why, in the charity's words; empty when compliant. */
  reasons: string[];
}

/** Something that lapses within this many days makes a carer Expiring soon (still assignable). */
export const EXPIRING_SOON_DAYS = 30;

/** What an Admin sets on the compliance settings (DBS is always required). */
export interface ComplianceSettings {
  requiredTrainingMps: TrainingType[];
  requiredTrainingVolunteers: TrainingType[];
  publicLiabilityMps: boolean;
  publicLiabilityVolunteers: boolean;
  /** Years from the DBS issue date (or last Update Service check) to the re-check. */
  dbsRecheckYears: number;
}

/** No training required until an Admin chooses, so records kept before this rule stay assignable. */
export const DEFAULT_COMPLIANCE_SETTINGS: ComplianceSettings = {
  requiredTrainingMps: [],
  requiredTrainingVolunteers: [],
  publicLiabilityMps: true,
  publicLiabilityVolunteers: false,
  dbsRecheckYears: 3,
};

/** What the rule reads of a carer: its dates, and its training records that are not archived. */
export interface CarerComplianceFacts {
  kind: CarerKind;
  /** The DBS re-check date ('' = none). */
  dbsExpiry: string;
  publicLiabilityExpiry: string;
  training: { recordName: string; expiryDate: string }[];
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "3 March 2026". */
export function longDate(isoDate: string): string {
  return LONG_DATE.format(calendarDate(isoDate));
}

function inDays(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

type Finding = { lapsed: boolean; reason: string } | null;

/** One dated item: missing or passed is lapsed, within EXPIRING_SOON_DAYS is a warning, later is fine. */
function dated(date: string, today: string, words: { missing: string; passed: (d: string) => string; soon: (d: string, inDays: string) => string }): Finding {
  if (!isIsoDate(date)) return { lapsed: true, reason: words.missing };
  const days = daysUntil(date, today);
  if (days < 0) return { lapsed: true, reason: words.passed(longDate(date)) };
  if (days <= EXPIRING_SOON_DAYS) return { lapsed: false, reason: words.soon(longDate(date), inDays(days)) };
  return null;
}

/** The latest expiry among a carer's records of one type: '' for none, 'never' for a record with no expiry date. */
function bestExpiry(training: CarerComplianceFacts['training'], type: string): string | 'never' | '' {
  let best = '';
  for (const record of training) {
    if (record.recordName !== type) continue;
    if (!isIsoDate(record.expiryDate)) return 'never';
    if (record.expiryDate > best) best = record.expiryDate;
  }
  return best;
}

/** The training types required of a kind of carer. */
export function requiredTraining(settings: ComplianceSettings, kind: CarerKind): TrainingType[] {
  return kind === 'mp' ? settings.requiredTrainingMps : settings.requiredTrainingVolunteers;
}

export function publicLiabilityRequired(settings: ComplianceSettings, kind: CarerKind): boolean {
  return kind === 'mp' ? settings.publicLiabilityMps : settings.publicLiabilityVolunteers;
}

/** A carer's compliance on `today` (YYYY-MM-DD) under the settings. */
export function carerCompliance(facts: CarerComplianceFacts, settings: ComplianceSettings, today: string): Compliance {
  const findings: Finding[] = [
    dated(facts.dbsExpiry, today, {
      missing: 'No DBS check on record',
      passed: (d) => `DBS re-check was due on ${d}`,
      soon: (d, when) => `DBS re-check is due on ${d} (${when})`,
    }),
  ];
  if (publicLiabilityRequired(settings, facts.kind)) {
    findings.push(
      dated(facts.publicLiabilityExpiry, today, {
        missing: 'No public liability on record',
        passed: (d) => `Public liability expired on ${d}`,
        soon: (d, when) => `Public liability expires on ${d} (${when})`,
      }),
    );
  }
  for (const type of requiredTraining(settings, facts.kind)) {
    const expiry = bestExpiry(facts.training, type);
    if (expiry === 'never') continue;
    findings.push(
      dated(expiry, today, {
        missing: `No ${type} training on record`,
        passed: (d) => `${type} training expired on ${d}`,
        soon: (d, when) => `${type} training expires on ${d} (${when})`,
      }),
    );
  }
  const found = findings.filter((f): f is NonNullable<Finding> => f !== null);
  // What has lapsed comes first: it is what stops an assignment.
  const reasons = [...found.filter((f) => f.lapsed), ...found.filter((f) => !f.lapsed)].map((f) => f.reason);
  const status: ComplianceStatus = found.some((f) => f.lapsed) ? 'Not compliant' : found.length ? 'Expiring soon' : 'Compliant';
  return { status, reasons };
}

// DBS details (the certificate never expires; the charity re-checks by policy).

export const DBS_LEVELS = ['basic', 'standard', 'enhanced', 'enhanced-barred'] as const;
export type DbsLevel = (typeof DBS_LEVELS)[number];
export const DBS_LEVEL_LABELS: Record<DbsLevel, string> = {
  basic: 'Basic',
  standard: 'Standard',
  enhanced: 'Enhanced',
  'enhanced-barred': 'Enhanced with barred list',
};

/**
 * The re-check date the policy gives: `years` after the last Update Service status check when the carer
 * subscribes and one is recorded, otherwise after the certificate's issue date; '' when neither is known.
 */
export function dbsRecheckDate(dbs: { issueDate: string; updateService: boolean; updateServiceCheckedOn: string }, years: number): string {
  const from = dbs.updateService && isIsoDate(dbs.updateServiceCheckedOn) ? dbs.updateServiceCheckedOn : dbs.issueDate;
  return isIsoDate(from) ? addYears(from, years) : '';
}

const MASK = '•';

/** A DBS certificate number as every answer gives it: all but its last 4 characters hidden. */
export function maskCertificateNumber(number: string): string {
  if (!number) return '';
  return MASK.repeat(Math.max(number.length - 4, 4)) + number.slice(-4);
}

/** True for a number as maskCertificateNumber answers it (sent back unchanged by a form). */
export function isMaskedCertificateNumber(value: string): boolean {
  return value.startsWith(MASK);
}
