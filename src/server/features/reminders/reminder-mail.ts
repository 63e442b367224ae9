/** What the expiry digest and the carer reminders say: pure, so every line can be tested without a database. */
import { z } from 'zod';
import { CARER_KIND_LABELS } from '@/shared/carer-kind';
import { formatDate } from '@/shared/dates';
import { CARER_EXPIRY_TITLES, daysUntil } from '@/shared/expiry';
import { escapeHtmlText } from '@/shared/html';
import { wordList } from '@/shared/plain-messages';
import { mailHtml } from '@/server/mail/mail';
import type { LapsedOnLiveCare } from '@/server/records/carer-compliance';
import type { UnrecordedVisit } from '@/server/records/planned-visits';

export type ExpiryKind = keyof typeof CARER_EXPIRY_TITLES | 'training';

/** One dated thing a carer must renew: their DBS, their public liability or one training record. */
export interface ExpiringItem {
  carerId: string;
  carerName: string;
  kind: ExpiryKind;
  /** The training record's id; DBS and public liability live on the carer. */
  recordId?: string;
  /** The training type for a training record. */
  recordName?: string;
  expiryDate: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface MailContext {
  today: string;
  charityName: string;
  /** The app's address without a trailing slash. */
  publicUrl: string;
}

export function itemTitle(item: ExpiringItem): string {
  return item.kind === 'training' ? `Training: ${item.recordName ?? ''}` : CARER_EXPIRY_TITLES[item.kind];
}

/** Where the item is renewed in the app (spec §2.2, §2.3). */
export function itemLink(item: ExpiringItem, publicUrl: string): string {
  if (item.kind === 'dbs') return `${publicUrl}/dbs`;
  if (item.kind === 'publicLiability') return `${publicUrl}/public-liability`;
  const query = `id=${encodeURIComponent(item.recordId ?? '')}&ownerId=${encodeURIComponent(item.carerId)}`;
  return `${publicUrl}/records/edit?${query}`;
}

function whenDue(daysLeft: number): string {
  if (daysLeft < 0) return `expired ${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago`;
  if (daysLeft === 0) return 'expires today';
  return `expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}

/** Items expired or expiring within the widest window, by carer name then soonest first. */
export function dueForDigest(items: readonly ExpiringItem[], today: string, windows: readonly number[]): ExpiringItem[] {
  const widest = Math.max(...windows);
  return items
    .filter((item) => daysUntil(item.expiryDate, today) <= widest)
    .sort(
      (a, b) =>
        a.carerName.localeCompare(b.carerName) ||
        a.carerId.localeCompare(b.carerId) ||
        a.expiryDate.localeCompare(b.expiryDate),
    );
}

/** The narrowest window an upcoming item falls in, for its line ("within 30 days"). */
function windowOf(daysLeft: number, windows: readonly number[]): number | undefined {
  return [...windows].sort((a, b) => a - b).find((w) => daysLeft <= w);
}

function groupByCarer(items: readonly ExpiringItem[]): ExpiringItem[][] {
  const groups = new Map<string, ExpiringItem[]>();
  for (const item of items) groups.set(item.carerId, [...(groups.get(item.carerId) ?? []), item]);
  return [...groups.values()];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Lana Lapsing (Volunteer): DBS re-check was due on 1 April 2026. Gives care to Ada Ashbrittle and Edna Pollard." */
function lapsedLine(carer: LapsedOnLiveCare): string {
  const clients = [...new Set(carer.care.map((c) => c.clientName))];
  return `${carer.name} (${CARER_KIND_LABELS[carer.kind]}): ${carer.reasons.join('; ')}. Gives care to ${wordList(clients)}.`;
}

/**
 * The weekly digest for staff, or null when nothing is due: first the carers not compliant on care not yet ended
 * (most urgent: they are giving care now), then what has expired or expires within the widest window.
 */
export function composeDigest(
  items: readonly ExpiringItem[],
  windows: readonly number[],
  { today, charityName, publicUrl }: MailContext,
  lapsed: readonly LapsedOnLiveCare[] = [],
  unrecorded: readonly UnrecordedVisit[] = [],
): MailContent | null {
  const due = dueForDigest(items, today, windows);
  if (due.length === 0 && lapsed.length === 0 && unrecorded.length === 0) return null;
  const counts = [
    lapsed.length ? `${plural(lapsed.length, 'carer', 'carers')} not compliant on live care` : '',
    unrecorded.length ? `${plural(unrecorded.length, 'visit', 'visits')} not recorded yesterday` : '',
    due.length ? `${due.length} expir${due.length === 1 ? 'y' : 'ies'} to renew` : '',
  ].filter(Boolean);
  const subject = `${charityName}: ${counts.join(', ')}`;
  const lapsedHeading = 'Carers not compliant on live care';
  const lapsedIntro = 'These carers are not compliant today and have care that has not ended. Renew what has lapsed, or give the care to someone else.';
  const intro = `These DBS checks, public liability covers and training records have expired or expire within ${Math.max(...windows)} days (as of ${formatDate(today)}).`;
  const lineOf = (item: ExpiringItem) => {
    const daysLeft = daysUntil(item.expiryDate, today);
    const window = daysLeft >= 0 ? windowOf(daysLeft, windows) : undefined;
    return `${itemTitle(item)}: ${formatDate(item.expiryDate)}, ${whenDue(daysLeft)}${window ? ` (within ${window} days)` : ''}`;
  };
  const groups = groupByCarer(due);
  const packagesLink = `${publicUrl}/packages`;
  const unrecordedHeading = 'Visits not recorded yesterday';
  const unrecordedIntro = unrecorded.length
    ? `Nothing was recorded for these visits planned on ${formatDate(unrecorded[0]!.date)}: ask the carer whether they happened.`
    : '';
  const unrecordedLine = (visit: UnrecordedVisit) => `${visit.start}–${visit.end} ${visit.clientName}, by ${visit.carerName}`;
  const todayLink = `${publicUrl}/today?date=${unrecorded[0]?.date ?? ''}`;
  const text = [
    `${charityName} expiry digest`,
    ...(lapsed.length ? ['', lapsedHeading, '', lapsedIntro, '', ...lapsed.map((carer) => `  - ${lapsedLine(carer)}`), `    ${packagesLink}`] : []),
    ...(unrecorded.length ? ['', unrecordedHeading, '', unrecordedIntro, '', ...unrecorded.map((visit) => `  - ${unrecordedLine(visit)}`), `    ${todayLink}`] : []),
    ...(due.length
      ? ['', intro, ...groups.flatMap((group) => ['', group[0]!.carerName, ...group.map((item) => `  - ${lineOf(item)}\n    ${itemLink(item, publicUrl)}`)])]
      : []),
    '',
  ].join('\n');
  const html = mailHtml(
    subject,
    [
      `<h1>${escapeHtmlText(charityName)} expiry digest</h1>`,
      ...(lapsed.length
        ? [
            `<h2>${lapsedHeading}</h2>`,
            `<p>${escapeHtmlText(lapsedIntro)}</p>`,
            `<ul>${lapsed.map((carer) => `<li>${escapeHtmlText(lapsedLine(carer))}</li>`).join('')}</ul>`,
            `<p><a href="${escapeHtmlText(packagesLink)}">Open the packages</a></p>`,
          ]
        : []),
      ...(unrecorded.length
        ? [
            `<h2>${unrecordedHeading}</h2>`,
            `<p>${escapeHtmlText(unrecordedIntro)}</p>`,
            `<ul>${unrecorded.map((visit) => `<li>${escapeHtmlText(unrecordedLine(visit))}</li>`).join('')}</ul>`,
            `<p><a href="${escapeHtmlText(todayLink)}">Open the day</a></p>`,
          ]
        : []),
      ...(due.length
        ? [
            `<p>${escapeHtmlText(intro)}</p>`,
            ...groups.map(
              (group) =>
                `<h2>${escapeHtmlText(group[0]!.carerName)}</h2><ul>${group
                  .map((item) => `<li><a href="${escapeHtmlText(itemLink(item, publicUrl))}">${escapeHtmlText(lineOf(item))}</a></li>`)
                  .join('')}</ul>`,
            ),
          ]
        : []),
    ].join(''),
  );
  return { subject, text, html };
}

/**
 * The reminder threshold an item has reached today (the nearest of 60, 30 and 7 days it is within), or null
 * when it is further off or already expired. Only the nearest counts, so a job that missed weeks sends one
 * reminder, not every threshold it passed.
 */
export function reminderThreshold(expiryDate: string, today: string, thresholds: readonly number[]): number | null {
  const daysLeft = daysUntil(expiryDate, today);
  if (daysLeft < 0) return null;
  return [...thresholds].sort((a, b) => a - b).find((t) => daysLeft <= t) ?? null;
}

/** The key under which a reminder is recorded as sent: each item and threshold once. */
export function reminderKey(item: ExpiringItem, threshold: number): string {
  return `${item.kind}:${item.recordId ?? item.carerId}:${item.expiryDate}:${threshold}`;
}

const emailAddress = z.email();

/** Whether a carer's e-mail on record can be written to. */
export function isDeliverableEmail(value: string): boolean {
  return emailAddress.safeParse(value.trim()).success;
}

/** A reminder to the carer of one of their own expiries. */
export function composeCarerReminder(item: ExpiringItem, { today, charityName }: Omit<MailContext, 'publicUrl'>): MailContent {
  const title = itemTitle(item);
  const due = whenDue(daysUntil(item.expiryDate, today));
  const subject = `${charityName}: your ${title} ${due}`;
  const lines = [
    `Dear ${item.carerName},`,
    `Your ${title} ${due}, on ${formatDate(item.expiryDate)}.`,
    `Please arrange to renew it and let ${charityName} know when you have.`,
    `Thank you, ${charityName}`,
  ];
  const html = mailHtml(subject, lines.map((line) => `<p>${escapeHtmlText(line)}</p>`).join(''));
  return { subject, text: `${lines.join('\n\n')}\n`, html };
}
