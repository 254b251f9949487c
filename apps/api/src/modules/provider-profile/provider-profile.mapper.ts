import type { ProviderProfile } from '@therapy/contracts/profile';
import type { UserRow } from '../user/user.module.ts';
import type { ProviderItem, ProviderProfileRow } from './provider-profile.repository.ts';

const idsOf = (items: readonly ProviderItem[], list: ProviderItem['list']) =>
  items
    .filter((i) => i.list === list)
    .map((i) => i.itemId)
    .sort();

/** Contract shape of a provider's profile: names, phone and country live on the user, the rest on the profile. */
export function toProviderProfile(
  user: UserRow,
  profile: ProviderProfileRow,
  items: readonly ProviderItem[],
  extra: { countryIdentifier: string | null; photoUrl: string | null; languages: string[] },
): ProviderProfile {
  return {
    identifier: user.identifier,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    headline: profile.headline,
    title: profile.title,
    officeAddress: profile.officeAddress,
    bio: profile.bio,
    zipCode: profile.zipCode,
    countryIdentifier: extra.countryIdentifier,
    stateIdentifier: profile.stateId,
    dob: profile.dob,
    religionIdentifier: profile.religionId,
    ethnicityIdentifier: profile.ethnicityId,
    gender: profile.gender,
    disciplineIdentifier: profile.disciplineId,
    therapies: idsOf(items, 'therapy-category'),
    modalities: idsOf(items, 'modality'),
    specialities: idsOf(items, 'speciality'),
    languages: extra.languages,
    photoUrl: extra.photoUrl,
    setupComplete: profile.setupCompletedAt !== null,
  };
}
