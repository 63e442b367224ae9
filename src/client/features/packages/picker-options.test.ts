import { describe, expect, it } from 'vitest';
import { matchesWords } from '@/client/components/form/search-select';
import { type CarerChoice, carerGroups, carerLabel, carerWeeklyHours, dbsStatusText, requestLabel, requestOptions, type RequestSummary } from './picker-options';

const TODAY = '2026-03-10';

function aRequest(overrides: Partial<RequestSummary>): RequestSummary {
  return {
    id: 'rabc',
    clientId: 'cabc',
    clientName: 'Ann Smith',
    customId: '',
    locality: 'Milverton',
    weeklyHours: 6,
    hoursInService: 3.5,
    startDate: '2025-01-06',
    endDate: 'open',
    archived: 'N',
    ...overrides,
  };
}

describe('request options', () => {
  it('read client, locality, weekly hours, unmet hours and dates', () => {
    expect(requestLabel(aRequest({ customId: 'R-12' }))).toBe('Ann Smith (R-12) · Milverton · 6 h/week · 2.5 h unmet · from 6 Jan 2025');
    expect(requestLabel(aRequest({ hoursInService: 8, endDate: '2025-06-30' }))).toBe(
      'Ann Smith · Milverton · 6 h/week · 0 h unmet · 6 Jan 2025 – 30 Jun 2025',
    );
  });

  it('leave archived requests out unless chosen, sorted by client name then newest first', () => {
    const requests = [
      aRequest({ id: 'r1', clientName: 'zoe Lake' }),
      aRequest({ id: 'r2', clientName: 'Ann Smith', startDate: '2024-01-01' }),
      aRequest({ id: 'r3', clientName: 'Ann Smith', startDate: '2025-01-01' }),
      aRequest({ id: 'r4', clientName: 'Bob Hay', archived: 'Y' }),
    ];
    expect(requestOptions(requests, '').map((o) => o.value)).toEqual(['r3', 'r2', 'r1']);
    expect(requestOptions(requests, 'r4').map((o) => o.value)).toEqual(['r3', 'r2', 'r4', 'r1']);
  });
});

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

describe('matchesWords', () => {
  it('finds every word typed, in any order and case', () => {
    expect(matchesWords('Ann Smith · Milverton · 6 h/week', 'mil SMITH')).toBe(true);
    expect(matchesWords('Ann Smith · Milverton · 6 h/week', 'smith waterrow')).toBe(false);
    expect(matchesWords('anything', '  ')).toBe(true);
  });
});
