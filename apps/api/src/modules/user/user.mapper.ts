import type { UserInfo } from '@therapy/contracts/auth';
import type { Locale } from '@therapy/contracts/messages';
import type { UserRow } from './user.repository.ts';

/** Contract shape of a user (operators too: they sign in to the review queue, decision 0026). */
export function toUserInfo(row: UserRow): UserInfo {
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
