import type { UserInfo } from '@therapy/contracts/auth';
import { uuid } from '@/test/fixtures';

/** The signed-in operator the operator pages' tests render for. */
export const operator: UserInfo = {
  identifier: uuid(1),
  email: 'ops@example.com',
  userType: 'operator',
  firstName: 'Olu',
  lastName: 'Reviewer',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: null,
  locale: 'en',
  timezone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
