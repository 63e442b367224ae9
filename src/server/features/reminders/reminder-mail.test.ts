import { describe, expect, it } from 'vitest';
import { composeCarerReminder, composeDigest, type ExpiringItem, isDeliverableEmail, reminderKey, reminderThreshold } from './reminder-mail';

const context = { today: '2026-11-24', charityName: 'Vale Care', publicUrl: 'https://app.example.org' };
const windows = [30, 60, 90];

const ann = { carerId: 'm1', carerName: 'Ann <Lee>' };
const bob = { carerId: 'v2', carerName: 'Bob Ray' };
const items: ExpiringItem[] = [
  { ...bob, kind: 'training', recordId: 't9', recordName: 'First Aid', expiryDate: '2027-02-12' }, // 80 days
  { ...ann, kind: 'dbs', expiryDate: '2026-11-20' }, // expired
  { ...ann, kind: 'publicLiability', expiryDate: '2027-06-12' }, // 200 days: not listed
  { ...bob, kind: 'dbs', expiryDate: '2026-12-04' }, // 10 days
  { ...ann, kind: 'training', recordId: 't1', recordName: 'Manual Handling', expiryDate: '2027-01-08' }, // 45 days
];

describe('composeDigest', () => {
  const digest = composeDigest(items, windows, context)!;

  it('lists, grouped by carer and soonest first, what has expired or expires within the widest window', () => {
    expect(digest.subject).toBe('Vale Care: 4 expiries to renew');
    expect(digest.text).toContain(
      [
        'Ann <Lee>',
        '  - DBS: 20 Nov 2026, expired 4 days ago',
        '    https://app.example.org/dbs',
        '  - Training: Manual Handling: 8 Jan 2027, expires in 45 days (within 60 days)',
        '    https://app.example.org/records/edit?id=t1&ownerId=m1',
        '',
        'Bob Ray',
        '  - DBS: 4 Dec 2026, expires in 10 days (within 30 days)',
        '    https://app.example.org/dbs',
        '  - Training: First Aid: 12 Feb 2027, expires in 80 days (within 90 days)',
        '    https://app.example.org/records/edit?id=t9&ownerId=v2',
      ].join('\n'),
    );
    expect(digest.text).not.toContain('Public Liability');
  });

  it('gives accessible HTML with headings, links and escaped names', () => {
    expect(digest.html).toContain('<html lang="en">');
    expect(digest.html).toContain('<h2>Ann &#60;Lee&#62;</h2>');
    expect(digest.html).toContain('<a href="https://app.example.org/records/edit?id=t1&#38;ownerId=m1">');
    expect(digest.html).not.toContain('<Lee>');
  });

  it('is null when nothing is due', () => {
    expect(composeDigest([items[2]!], windows, context)).toBeNull();
    expect(composeDigest([], windows, context)).toBeNull();
  });

  it('names yesterday’s visits not recorded, with a link to that day, even when nothing else is due', () => {
    const unrecorded = [{ date: '2026-11-23', start: '09:30', end: '10:30', carerName: 'Cara <Late>', clientName: 'Edna Pollard' }];
    const digest = composeDigest([], windows, context, [], unrecorded)!;
    expect(digest.subject).toBe('Vale Care: 1 visit not recorded yesterday');
    expect(digest.text).toContain('Nothing was recorded for these visits planned on 23 Nov 2026: ask the carer whether they happened.');
    expect(digest.text).toContain('  - 09:30–10:30 Edna Pollard, by Cara <Late>');
    expect(digest.text).toContain('https://app.example.org/today?date=2026-11-23');
    expect(digest.html).toContain('<h2>Visits not recorded yesterday</h2>');
    expect(digest.html).not.toContain('<Late>');
    expect(composeDigest(items, windows, context, [], unrecorded)!.subject).toBe('Vale Care: 1 visit not recorded yesterday, 4 expiries to renew');
  });

  it('lists the carers not compliant on live care first, even when nothing else is due', () => {
    const lana = {
      carerId: 'v7',
      name: 'Lana <Lapsing>',
      kind: 'volunteer' as const,
      reasons: ['DBS re-check was due on 1 April 2026', 'No public liability on record'],
      care: [
        { packageId: 'p1', clientId: 'c1', clientName: 'Ada Ashbrittle' },
        { packageId: 'p2', clientId: 'c2', clientName: 'Edna Pollard' },
      ],
    };
    const both = composeDigest(items, windows, context, [lana])!;
    expect(both.subject).toBe('Vale Care: 1 carer not compliant on live care, 4 expiries to renew');
    const line = 'Lana <Lapsing> (Volunteer): DBS re-check was due on 1 April 2026; No public liability on record. Gives care to Ada Ashbrittle and Edna Pollard.';
    expect(both.text.indexOf(line)).toBeGreaterThan(-1);
    expect(both.text.indexOf(line)).toBeLessThan(both.text.indexOf('Ann <Lee>'));
    expect(both.html.indexOf('<h2>Carers not compliant on live care</h2>')).toBeLessThan(both.html.indexOf('<h2>Ann &#60;Lee&#62;</h2>'));
    expect(both.html).not.toContain('<Lapsing>');
    const alone = composeDigest([], windows, context, [lana])!;
    expect(alone.subject).toBe('Vale Care: 1 carer not compliant on live care');
    expect(alone.text).toContain(line);
    expect(alone.text).not.toContain('expire within');
  });

  it('uses the windows it is given', () => {
    expect(composeDigest(items, [30], context)!.subject).toBe('Vale Care: 2 expiries to renew');
  });
});

describe('reminderThreshold', () => {
  it.each([
    ['2027-01-24', null], // 61 days
    ['2027-01-23', 60],
    ['2026-12-25', 60], // 31 days
    ['2026-12-24', 30],
    ['2026-12-01', 7],
    ['2026-11-24', 7], // today
    ['2026-11-23', null], // expired
  ] as const)('%s reaches %s', (expiryDate, threshold) => {
    expect(reminderThreshold(expiryDate, '2026-11-24', [60, 30, 7])).toBe(threshold);
  });

  it('keys each item and threshold apart, and a renewed date anew', () => {
    const dbs = items[1]!;
    expect(reminderKey(dbs, 30)).toBe('dbs:m1:2026-11-20:30');
    expect(reminderKey(items[4]!, 30)).toBe('training:t1:2027-01-08:30');
    expect(reminderKey({ ...dbs, expiryDate: '2029-11-20' }, 30)).not.toBe(reminderKey(dbs, 30));
  });
});

describe('composeCarerReminder', () => {
  it('tells the carer what expires and when', () => {
    const mail = composeCarerReminder(items[3]!, context);
    expect(mail.subject).toBe('Vale Care: your DBS expires in 10 days');
    expect(mail.text).toContain('Dear Bob Ray,');
    expect(mail.text).toContain('Your DBS expires in 10 days, on 4 Dec 2026.');
    expect(mail.html).toContain('<p>Dear Bob Ray,</p>');
  });
});

describe('isDeliverableEmail', () => {
  it.each([
    ['ann@example.org', true],
    [' ann@example.org ', true],
    ['', false],
    ['ann', false],
    ['ann@', false],
    ['ann@example', false],
  ])('%j is %s', (value, ok) => {
    expect(isDeliverableEmail(value)).toBe(ok);
  });
});
