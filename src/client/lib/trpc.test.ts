import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from './auth-client';
import { createTrpcClient, withoutInvisible } from './trpc';

afterEach(() => vi.unstubAllGlobals());

describe('what the server answers, as shown', () => {
  it('has every string at any depth stripped of invisible and reordering characters', () => {
    const stored = { actorEmail: '\u202Etset.erac@nimda', changes: { ip: '10.0.0.1', names: ['Ann\u200B', 7, null, true] } };
    expect(withoutInvisible(stored)).toEqual({ actorEmail: 'tset.erac@nimda', changes: { ip: '10.0.0.1', names: ['Ann', 7, null, true] } });
  });

  it('returns what has nothing to strip as it came, and leaves the answer it was given unchanged', () => {
    const clean = [{ id: 'c1', details: { name: 'Ann', services: ['Domestic'] } }];
    expect(withoutInvisible(clean)).toBe(clean);
    const mixed = [clean[0], { id: 'c2', details: { name: 'B\u200Bob', services: [] } }];
    const shown = withoutInvisible(mixed);
    expect(shown[0]).toBe(clean[0]);
    expect(shown[1]).toEqual({ id: 'c2', details: { name: 'Bob', services: [] } });
    expect(mixed[1]!.details.name).toBe('B\u200Bob');
  });

  it('reaches the screens through every call of the client, batched or not', async () => {
    const fetch = vi.fn(async (url: string) => {
      const data = [{ id: 'c1', details: { name: '\u202Eabc\u2066' } }];
      const body = url.includes('batch=1') ? [{ result: { data } }] : { result: { data } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const client = createTrpcClient({ getIdToken: async () => null } as unknown as AuthClient);
    expect(await client.clients.getAll.query()).toEqual([{ id: 'c1', details: { name: 'abc' } }]);
    expect(await client.audit.list.query({})).toEqual([{ id: 'c1', details: { name: 'abc' } }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
