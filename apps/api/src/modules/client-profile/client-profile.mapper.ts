import type { ClientProfile, EmergencyContact } from '@therapy/contracts/profile';
import type { UserRow } from '../user/user.module.ts';
import type { ClientProfileRow, EmergencyContactRow } from './client-profile.repository.ts';

/** Contract shape of a client's profile: names and time zone live on the user, the rest on the profile row. */
export function toClientProfile(
  user: UserRow,
  profile: ClientProfileRow,
  extra: { countryIdentifier: string | null; photoUrl: string | null },
): ClientProfile {
  return {
    identifier: user.identifier,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: profile.userName,
    email: user.email,
    photoUrl: extra.photoUrl,
    avatarIdentifier: profile.avatarId,
    countryIdentifier: extra.countryIdentifier,
    stateIdentifier: profile.stateId,
    zipCode: profile.zipCode,
    dob: profile.dob,
    religionIdentifier: profile.religionId,
    ethnicityIdentifier: profile.ethnicityId,
    gender: profile.gender,
    timezone: user.timezone,
    phoneNumber: user.phoneNumber,
  };
}

export const toEmergencyContact = (row: EmergencyContactRow): EmergencyContact => ({
  identifier: row.identifier,
  name: row.name,
  phoneNumber: row.phoneNumber,
});
