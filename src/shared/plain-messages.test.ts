import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { trainingRecordInput } from './schemas/compliance';
import { clientInput } from './schemas/people';
import { packageInput } from './schemas/care';

/** Every message a parse gives, as "path: message". */
function messages(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const RAW_VALIDATOR_WORDS = /invalid (input|option|string|number|key|value)|expected|received|too (big|small)|unrecognized/i;

const client = { archived: 'N', dateOfBirth: '1950-04-03', details: { name: 'Margaret Smith', address: { postCode: 'TA1 1AA' } } };

describe('the messages of checks without words of their own', () => {
  it('name what was given and what is accepted, in words', () => {
    expect(messages(clientInput, { ...client, details: { ...client.details, attendanceAllowance: 'Yes' } })).toEqual([
      'details.attendanceAllowance: "Yes" is not one of No, Pending, Low, High',
    ]);
    expect(messages(trainingRecordInput, { ownerId: 'm1', expiryDate: '2027-01-01', details: { recordName: 'Juggling' } })[0]).toMatch(
      /^details\.recordName: "Juggling" is not one of .*GDPR/,
    );
    expect(messages(clientInput, { ...client, archived: 'maybe' })).toEqual(['archived: "maybe" is not one of Y, N']);
    expect(messages(clientInput, { ...client, extra: 1 })).toEqual([': Not a field here: extra']);
    expect(messages(clientInput, { ...client, details: { ...client.details, donationScheme: 'sometimes' } })).toEqual([
      'details.donationScheme: "sometimes" is not yes or no',
    ]);
  });

  it('never show zod\'s own words, whatever is wrong', () => {
    const hostile: unknown[] = [
      null,
      [],
      'text',
      { ...client, details: null },
      { ...client, details: { ...client.details, services: 'Shopping', address: [], attendanceAllowance: 7, notes: {} } },
      { ...client, details: { ...client.details, name: 'x'.repeat(5000), customId: 12 } },
      { ...client, dateOfBirth: { nested: { deeper: [1, 2, 3] } } },
    ];
    for (const value of hostile) {
      for (const schema of [clientInput, packageInput, trainingRecordInput] as z.ZodType[]) {
        for (const message of messages(schema, value)) expect(message).not.toMatch(RAW_VALIDATOR_WORDS);
      }
    }
  });

  it('show a long value cut short', () => {
    const [message] = messages(clientInput, { ...client, details: { ...client.details, attendanceAllowance: 'y'.repeat(100) } });
    expect(message).toBe(`details.attendanceAllowance: "${'y'.repeat(40)}…" is not one of No, Pending, Low, High`);
  });
});
