import type { MultipartFile } from '@fastify/multipart';
import type { ProviderInfoInput, ProviderProfile, ProviderSummary } from '@therapy/contracts/profile';
import type { AppDeps } from '../../deps.ts';
import type { AccessClaims } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import { mapForeignKeyViolation, profileChecks } from '../client-profile/profile-checks.ts';
import { profileLookupsRepository as lookups } from '../client-profile/profile-lookups.repository.ts';
import { availabilityRepository } from '../availability/availability.repository.ts';
import { userRepository, type UserRow } from '../user/user.repository.ts';
import { toProviderProfile } from './provider-profile.mapper.ts';
import { providerProfileRepository as repo, type ProviderItem, type ProviderProfileRow } from './provider-profile.repository.ts';

/** A provider's own profile (spec §7 "GET /provider", "POST /provider/update/info", "/provider/update/photo"). */
export function createProviderProfileService(deps: AppDeps) {
  const { db, clock } = deps;

  /** Access first: the actor's own live provider account, or 401. */
  const own = async (actor: AccessClaims): Promise<UserRow> => {
    const user = await userRepository.findLiveById(db, actor.userId);
    if (!user || user.userType !== 'provider') throw AppError.unauthorized();
    return user;
  };

  const present = async (user: UserRow, profile: ProviderProfileRow): Promise<ProviderProfile> => {
    const items = await repo.items(db, user.identifier);
    const countryIdentifier = user.countryCode ? ((await lookups.countryIdByCode(db, user.countryCode)) ?? null) : null;
    const photoUrl = profile.photoFileId ? deps.files.signedUrl(profile.photoFileId) : null;
    return toProviderProfile(user, profile, items, { countryIdentifier, photoUrl });
  };

  /** The info form and the first-time set-up write the same fields; set-up also marks the profile complete. */
  const save = async (actor: AccessClaims, input: ProviderInfoInput, completeSetup: boolean): Promise<ProviderProfile> => {
    const user = await own(actor);
    const countryCode = await profileChecks.countryCode(db, input.countryIdentifier);
    await profileChecks.stateInCountry(db, input.stateIdentifier, input.countryIdentifier);
    await profileChecks.inList(db, 'religion', [input.religionIdentifier]);
    await profileChecks.inList(db, 'ethnicity', [input.ethnicityIdentifier]);
    await profileChecks.inList(db, 'discipline', [input.disciplineIdentifier]);
    await profileChecks.genderCode(db, input.gender);
    await profileChecks.inList(db, 'therapy-category', input.therapies);
    await profileChecks.inList(db, 'modality', input.modalities);
    await profileChecks.inList(db, 'speciality', input.specialities);
    const items: ProviderItem[] = [
      ...input.therapies.map((itemId) => ({ list: 'therapy-category' as const, itemId })),
      ...input.modalities.map((itemId) => ({ list: 'modality' as const, itemId })),
      ...input.specialities.map((itemId) => ({ list: 'speciality' as const, itemId })),
    ];
    const [updated, profile] = await db
      .transaction(async (tx) => {
        const u = await userRepository.update(tx, user.identifier, {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber,
          countryCode,
        });
        if (!u) throw AppError.unauthorized();
        const before = await repo.lock(tx, user.identifier);
        const p = await repo.upsert(tx, {
          userId: user.identifier,
          headline: input.headline,
          title: input.title,
          officeAddress: input.officeAddress,
          bio: input.bio,
          zipCode: input.zipCode,
          stateId: input.stateIdentifier,
          dob: input.dob,
          religionId: input.religionIdentifier,
          ethnicityId: input.ethnicityIdentifier,
          gender: input.gender,
          disciplineId: input.disciplineIdentifier,
          setupCompletedAt: completeSetup ? (before.setupCompletedAt ?? clock.now()) : before.setupCompletedAt,
        });
        await repo.replaceItems(tx, user.identifier, items);
        // The therapies are the calendar's categories: cached slots of this provider must be recomputed.
        await availabilityRepository.notifyChanged(tx, user.identifier);
        return [u, p] as const;
      })
      .catch(mapForeignKeyViolation);
    return present(updated, profile);
  };

  return {
    /** What anyone may see of a live provider (the public provider page); anything else is 404. */
    async summary(providerId: string): Promise<ProviderSummary> {
      const user = await userRepository.findLiveById(db, providerId);
      if (!user || user.userType !== 'provider') throw AppError.notFound();
      const profile = await repo.find(db, providerId);
      return {
        identifier: user.identifier,
        firstName: user.firstName,
        lastName: user.lastName,
        title: profile?.title ?? null,
        headline: profile?.headline ?? null,
        photoUrl: profile?.photoFileId ? deps.files.signedUrl(profile.photoFileId) : null,
        therapies: await availabilityRepository.categories(db, providerId),
      };
    },

    async get(actor: AccessClaims): Promise<ProviderProfile> {
      const user = await own(actor);
      return present(user, await repo.ensure(db, user.identifier));
    },

    updateInfo: (actor: AccessClaims, input: ProviderInfoInput) => save(actor, input, false),

    setup: (actor: AccessClaims, input: ProviderInfoInput) => save(actor, input, true),

    /** The upload is checked and stored first; the profile then points at it, and the replaced file goes. */
    async updatePhoto(actor: AccessClaims, part: MultipartFile | undefined): Promise<{ photoUrl: string }> {
      const user = await own(actor);
      const stored = await deps.files.saveImage(user.identifier, 'profile_picture', part);
      try {
        await db.transaction(async (tx) => {
          const before = await repo.lock(tx, user.identifier);
          await repo.setPhoto(tx, user.identifier, stored.identifier);
          if (before.photoFileId) await deps.files.remove(before.photoFileId, tx);
        });
      } catch (err) {
        await deps.files.remove(stored.identifier).catch(() => {});
        throw err;
      }
      return { photoUrl: deps.files.signedUrl(stored.identifier) };
    },
  };
}
