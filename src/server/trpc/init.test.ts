import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseErrorCode, describeZodError } from './init';

describe('databaseErrorCode', () => {
  it('finds the SQLSTATE under the wrappers the ORM adds', () => {
    const driver = Object.assign(new Error('violates check constraint'), { code: '23514' });
    const wrapped = new Error('Failed query: insert into …', { cause: driver });
    expect(databaseErrorCode(new Error('procedure failed', { cause: wrapped }))).toBe('23514');
  });

  it('ignores errors without one', () => {
    expect(databaseErrorCode(new Error('plain'))).toBeUndefined();
    expect(databaseErrorCode(Object.assign(new Error('trpc'), { code: 'INTERNAL_SERVER_ERROR' }))).toBeUndefined();
  });
});

describe('describeZodError', () => {
  it('names each field with its message', () => {
    const result = z.object({ details: z.object({ name: z.string().min(1, 'Name is required') }) }).safeParse({ details: { name: '' } });
    expect(describeZodError(result.error!)).toBe('details.name: Name is required');
  });
});
