import { describe, expect, it } from 'vitest';
import { SESSION_ERRORS, sessionUserFromClaims } from './session';

const good = { given_name: 'Ann', family_name: 'Lee', email: 'ann@example.org', groups: ['Coordinator', 'Admin'] };

describe('sessionUserFromClaims', () => {
  it('takes the role from the first group', () => {
    expect(sessionUserFromClaims(good, 'groups')).toEqual({
      givenName: 'Ann',
      familyName: 'Lee',
      email: 'ann@example.org',
      role: 'Coordinator',
    });
  });

  it('reads a configured groups claim such as cognito:groups', () => {
    const { groups, ...rest } = good;
    expect(sessionUserFromClaims({ ...rest, 'cognito:groups': groups }, 'cognito:groups').role).toBe('Coordinator');
  });

  it.each([
    ['given_name', SESSION_ERRORS.givenName],
    ['family_name', SESSION_ERRORS.familyName],
    ['email', SESSION_ERRORS.email],
    ['groups', SESSION_ERRORS.group],
  ])('refuses a token without %s with its own message', (claim, message) => {
    const claims: Record<string, unknown> = { ...good };
    delete claims[claim];
    expect(() => sessionUserFromClaims(claims, 'groups')).toThrow(message);
  });

  it('refuses an empty groups list and a first group that is not a role', () => {
    expect(() => sessionUserFromClaims({ ...good, groups: [] }, 'groups')).toThrow(SESSION_ERRORS.group);
    expect(() => sessionUserFromClaims({ ...good, groups: ['Staff', 'Admin'] }, 'groups')).toThrow(
      SESSION_ERRORS.role('Staff'),
    );
  });

  it('takes names and e-mail without invisible or reordering characters, which the issuer may not have checked', () => {
    const claims = { ...good, given_name: '\u202Enna', family_name: 'Lee\u200B', email: 'ann@example.org\u2066' };
    expect(sessionUserFromClaims(claims, 'groups')).toMatchObject({ givenName: 'nna', familyName: 'Lee', email: 'ann@example.org' });
    expect(() => sessionUserFromClaims({ ...good, given_name: '\u200B\u202E' }, 'groups')).toThrow(SESSION_ERRORS.givenName);
  });
});
