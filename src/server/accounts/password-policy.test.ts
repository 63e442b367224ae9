import { describe, expect, it } from 'vitest';
import { newPassword } from '@/server/db/ids';
import { isCommonPassword, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordProblem } from './password-policy';

describe('the password policy', () => {
  it('refuses the owner’s own e-mail address or name, however spaced or capitalised, and nothing merely like them', () => {
    const owner = { email: 'rhiannon.pritchard@valecare.org', givenName: 'Rhiannon', familyName: 'Pritchard' };
    for (const plain of ['rhiannon.pritchard@valecare.org', 'Rhiannon.Pritchard', 'rhiannon pritchard', 'RhiannonPritchard', 'Pritchard Rhiannon']) {
      expect({ plain, problem: passwordProblem(plain, owner) }).toEqual({ plain, problem: PASSWORD_MESSAGES.ownIdentity });
    }
    expect(passwordProblem('rhiannon walks to pritchard farm', owner)).toBeUndefined();
    expect(passwordProblem('rhiannon.pritchard@valecare.org')).toBeUndefined();
  });

  it('refuses a 12-character password from the list of common passwords, in any capitals', () => {
    expect('password1234').toHaveLength(12);
    expect(isCommonPassword('password1234')).toBe(true);
    expect(passwordProblem('password1234')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem('QwertyUiop12')).toBe(PASSWORD_MESSAGES.tooCommon);
  });

  it('refuses 11 characters and accepts 12 that are not on the list', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblem('plum-kettle')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('plum-kettle5')).toBeUndefined();
  });

  it('accepts a long passphrase with no capitals, digits or symbols, and refuses more than 200 characters', () => {
    expect(passwordProblem('correct horse battery staple on the hill')).toBeUndefined();
    expect(passwordProblem('x'.repeat(200))).toBeUndefined();
    expect(passwordProblem('x'.repeat(201))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('accepts the passwords generated for new accounts', () => {
    for (let i = 0; i < 20; i++) expect(passwordProblem(newPassword())).toBeUndefined();
  });
});
