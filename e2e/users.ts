import type { Role } from '@/shared/permissions';

export const E2E_PASSWORD = 'correct-horse-battery';

/** One account per role, created before the server starts. */
export function e2eUser(role: Role) {
  return { email: `${role.toLowerCase()}@valecare.test`, givenName: role, familyName: 'Tester', role, password: E2E_PASSWORD };
}
