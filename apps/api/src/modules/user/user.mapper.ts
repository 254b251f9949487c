import type { UserInfo } from '@therapy/contracts/auth';
import type { Locale } from '@therapy/contracts/messages';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from './user.repository.ts';

/** Contract shape of a user; operators are not exposed as a user type of the public API. */
export function toUserInfo(row: UserRow): UserInfo {
  if (row.userType === 'operator') throw AppError.forbidden();
  return {
    identifier: row.identifier,
    email: row.email,
    userType: row.userType,
    firstName: row.firstName,
    lastName: row.lastName,
    isSocial: row.isSocial,
    emailVerified: row.emailVerifiedAt !== null,
    accountActive: row.deletedAt === null,
    countryCode: row.countryCode,
    locale: row.locale as Locale,
    timezone: row.timezone,
    createdAt: row.createdAt.toISOString(),
  };
}
