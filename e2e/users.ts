import type { Role } from '@/shared/permissions';

export const E2E_PASSWORD = 'correct-horse-battery';

/** One account per role, created before the server starts. */
export function e2eUser(role: Role) {
  return { email: `${role.toLowerCase()}@valecare.test`, givenName: role, familyName: 'Tester', role, password: E2E_PASSWORD };
}

/** Post codes the browser tests rely on: TA4 9ZZ is deprived on income and health. */
export const E2E_DEPRIVED_AREAS = [
  { postCode: 'TA4 9ZZ', lsoaCode: 'E01029000', incomeDecile: 1, healthDecile: 2, edition: 'IoD2025' },
  { postCode: 'TA4 9ZY', lsoaCode: 'E01029001', incomeDecile: 9, healthDecile: 8, edition: 'IoD2025' },
];
