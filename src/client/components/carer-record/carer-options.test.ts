import { describe, expect, it } from 'vitest';
import { type CarerChoice, carerChoice, carerGroups, carerWeeklyHours } from './carer-options';

const TODAY = '2026-03-10';

/** The DBS words of a carer the picker offers. */
const dbsStatusText = (dbsExpiry: string, today: string) =>
  carerChoice({ id: 'm1', dbsExpiry, details: { name: 'Mary Pike', address: { locality: 'Milverton' } } } as Parameters<typeof carerChoice>[0], 'MP', new Map(), today).dbs;

/** How the picker labels a carer. */
const carerLabel = (c: CarerChoice) => carerGroups([{ label: 'MPs', carers: [c] }])[0]!.options[0]!.label;

describe('dbsStatusText', () => {
  it('says whether a DBS is missing, valid, expiring soon or expired', () => {
    expect(dbsStatusText('', TODAY)).toBe('No DBS');
    expect(dbsStatusText('2027-01-03', TODAY)).toBe('DBS until 3 Jan 2027');
    expect(dbsStatusText('2026-05-01', TODAY)).toBe('DBS until 1 May 2026 (Within 90 days)');
    expect(dbsStatusText('2026-03-15', TODAY)).toBe('DBS until 15 Mar 2026 (Expires in 5 days)');
    expect(dbsStatusText('2026-03-09', TODAY)).toBe('DBS expired 9 Mar 2026');
  });
});

describe('carer options', () => {
  it('count a carer\'s packages not ended yet as current weekly hours', () => {
    const hours = carerWeeklyHours(
      [
        { id: 'p1', carerId: 'm1', startDate: '2026-01-01', endDate: 'open', details: { weeklyHours: 2 } },
        { id: 'p2', carerId: 'm1', startDate: '2026-01-01', endDate: '2026-04-01', details: { weeklyHours: 1.5 } },
        { id: 'p3', carerId: 'm1', startDate: '2026-01-01', endDate: '2026-03-01', details: { weeklyHours: 9 } },
        { id: 'p4', carerId: 'v1', startDate: '2026-01-01', endDate: 'open', details: { weeklyHours: 3 } },
      ],
      TODAY,
    );
    expect(hours.get('m1')).toBe(3.5);
    expect(hours.get('v1')).toBe(3);
  });

  const mary: CarerChoice = { id: 'm1', name: 'Mary Pike', type: 'MP', locality: 'Milverton', weeklyHours: 3.5, dbs: 'DBS until 3 Jan 2027', dbsStatus: 'ok', compliance: { status: 'Compliant', reasons: [] } };
  const alan: CarerChoice = { ...mary, id: 'm2', name: 'Alan Bell', weeklyHours: 0, dbs: 'No DBS', dbsStatus: 'none' };

  it('read name, type, locality, current hours and DBS', () => {
    expect(carerLabel(mary)).toBe('Mary Pike · MP · Milverton · 3.5 h/week now · DBS until 3 Jan 2027');
  });

  it('are grouped, each group by name, empty groups left out', () => {
    const groups = carerGroups([
      { label: 'MPs', carers: [mary, alan] },
      { label: 'Volunteers', carers: [] },
    ]);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([['MPs', ['m2', 'm1']]]);
  });
});
