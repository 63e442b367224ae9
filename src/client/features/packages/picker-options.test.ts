import { describe, expect, it } from 'vitest';
import { matchesWords } from '@/shared/search-key';
import { requestLabel, requestOptions, type RequestSummary } from './picker-options';

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

describe('matchesWords', () => {
  it('finds every word typed, in any order and case', () => {
    expect(matchesWords('Ann Smith · Milverton · 6 h/week', 'mil SMITH')).toBe(true);
    expect(matchesWords('Ann Smith · Milverton · 6 h/week', 'smith waterrow')).toBe(false);
    expect(matchesWords('anything', '  ')).toBe(true);
    expect(matchesWords('José Ferreira-Jones · Wiveliscombe', 'jose ferreira jones')).toBe(true);
  });
});
