import { QueryObserver } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('after a change is saved', () => {
  it('says so only once the shown lists have been fetched again, and the save resolves after that', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('');
    const queryClient = createQueryClient();
    let answer = 1;
    let finishRefetch = () => {};
    const observer = new QueryObserver(queryClient, {
      queryKey: ['list'],
      queryFn: () => (answer === 1 ? answer : new Promise<number>((resolve) => (finishRefetch = () => resolve(answer)))),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));

    answer = 2;
    let saved = false;
    const saving = queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: [['clients', 'create']], mutationFn: async () => ({ id: 'c1', details: { name: 'Margaret Smith' } }) })
      .execute(undefined)
      .then(() => (saved = true));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(true));
    expect(success).not.toHaveBeenCalled();
    expect(saved).toBe(false);

    finishRefetch();
    await saving;
    expect(observer.getCurrentResult().data).toBe(2);
    expect(success).toHaveBeenCalledWith('Client Margaret Smith created', expect.anything());
    unsubscribe();
  });
});

describe('after a change is refused', () => {
  const refuse = (meta?: Record<string, unknown>) => {
    const queryClient = createQueryClient();
    return queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => Promise.reject(new Error('Ann Lee is not compliant: no DBS')), ...(meta ? { meta } : {}) })
      .execute(undefined)
      .catch(() => undefined);
  };

  it('says why in a toast', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('');
    await refuse();
    expect(error).toHaveBeenCalledWith('Error: Ann Lee is not compliant: no DBS');
  });

  it('says it once, in place, when the form shows that refusal itself', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('');
    await refuse({ shownInPlace: (refused: unknown) => refused instanceof Error && refused.message.includes('not compliant') });
    expect(error).not.toHaveBeenCalled();
  });
});
