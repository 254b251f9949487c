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

/** The contact as its owner sees it: name and number opened by the service (they are sealed at rest). */
export const toEmergencyContact = (
  row: Pick<EmergencyContactRow, 'identifier'>,
  opened: { name: string; phoneNumber: string },
): EmergencyContact => ({
  identifier: row.identifier,
  name: opened.name,
  phoneNumber: opened.phoneNumber,
});
