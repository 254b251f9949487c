import type { MultipartFile } from '@fastify/multipart';
import type { ProviderInfoInput, ProviderProfile, ProviderSummary } from '@therapy/contracts/profile';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { AvailabilityModule } from '../availability/availability.module.ts';
import type { ReferenceModule } from '../reference/reference.module.ts';
import type { UserModule, UserRow } from '../user/user.module.ts';
import { toProviderProfile } from './provider-profile.mapper.ts';
import {
  providerProfileRepository as repo,
  type ProviderItem,
  type ProviderProfileRow,
} from './provider-profile.repository.ts';
import { storedPhone } from '../../platform/phone.ts';

/** A provider's own profile (spec §7 "GET /provider", "POST /provider/update/info", "/provider/update/photo"). */
export function createProviderProfileService(
  deps: AppDeps,
  {
    users,
    reference,
    availability,
  }: {
    users: Pick<UserModule, 'findActiveUser' | 'updateDetails'>;
    reference: ReferenceModule;
    availability: Pick<AvailabilityModule, 'categoriesOf'>;
  },
) {
  const { db, clock, events } = deps;
  const { checks: profileChecks, mapForeignKeyViolation } = reference;

  /** Access first (the access core): a provider (403 otherwise) whose account is live (401 once it ended). */
  const provider = async (actor: Actor): Promise<UserRow> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));

  const present = async (user: UserRow, profile: ProviderProfileRow): Promise<ProviderProfile> => {
    const [items, languages] = await Promise.all([
      repo.items(db, user.identifier),
      repo.languages(db, user.identifier),
    ]);
    const countryIdentifier = user.countryCode ? ((await reference.countryIdByCode(user.countryCode)) ?? null) : null;
    const photoUrl = profile.photoFileId ? deps.files.signedUrl(profile.photoFileId) : null;
    return toProviderProfile(user, profile, items, { countryIdentifier, photoUrl, languages });
  };

  /** The info form and the first-time set-up write the same fields; set-up also marks the profile complete. */
  const save = async (actor: Actor, input: ProviderInfoInput, completeSetup: boolean): Promise<ProviderProfile> => {
    const user = await provider(actor);
    const countryCode = await profileChecks.countryCode(db, input.countryIdentifier);
    await profileChecks.stateInCountry(db, input.stateIdentifier, input.countryIdentifier);
    await profileChecks.inList(db, 'religion', [input.religionIdentifier]);
    await profileChecks.inList(db, 'ethnicity', [input.ethnicityIdentifier]);
    await profileChecks.inList(db, 'discipline', [input.disciplineIdentifier]);
    await profileChecks.genderCode(db, input.gender);
    await profileChecks.inList(db, 'therapy-category', input.therapies);
    await profileChecks.inList(db, 'modality', input.modalities);
    await profileChecks.inList(db, 'speciality', input.specialities);
    if (input.languages) await profileChecks.languages(db, input.languages);
    const items: ProviderItem[] = [
      ...input.therapies.map((itemId) => ({ list: 'therapy-category' as const, itemId })),
      ...input.modalities.map((itemId) => ({ list: 'modality' as const, itemId })),
      ...input.specialities.map((itemId) => ({ list: 'speciality' as const, itemId })),
    ];
    const [updated, profile] = await events
      .transaction(async (tx) => {
        // The account may have ended meanwhile: 401 (the access core).
        const u = requireLiveAccount(
          actor,
          await users.updateDetails(tx, user.identifier, {
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: storedPhone(input.phoneNumber, countryCode),
            countryCode,
          }),
        );
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
        if (input.languages) await repo.replaceLanguages(tx, user.identifier, input.languages);
        // The therapies are the calendar's categories: the availability module drops this provider's cached slots.
        await events.publish(tx, 'provider-profile.changed', { providerId: user.identifier });
        return [u, p] as const;
      })
      .catch(mapForeignKeyViolation);
    return present(updated, profile);
  };

  return {
    /** What anyone may see of a live provider (the public provider page); anything else is 404. */
    async summary(providerId: string): Promise<ProviderSummary> {
      const user = await users.findActiveUser(providerId);
      if (!user || user.userType !== 'provider') throw AppError.notFound();
      const profile = await repo.find(db, providerId);
      return {
        identifier: user.identifier,
        firstName: user.firstName,
        lastName: user.lastName,
        title: profile?.title ?? null,
        headline: profile?.headline ?? null,
        photoUrl: profile?.photoFileId ? deps.files.signedUrl(profile.photoFileId) : null,
        therapies: await availability.categoriesOf(providerId),
        modalities: await repo.offered(db, providerId, 'modality'),
      };
    },

    /** Bio and discipline for the operator's desk (no access check: verification checks the operator). */
    reviewProfileOf: (providerId: string) => repo.bioAndDiscipline(db, providerId),

    /** Whether the provider finished the profile set-up (the set-up checklist's 'profile' step). */
    async setupComplete(providerId: string): Promise<boolean> {
      return (await repo.find(db, providerId))?.setupCompletedAt != null;
    },

    async get(actor: Actor): Promise<ProviderProfile> {
      const user = await provider(actor);
      return present(user, await repo.ensure(db, user.identifier));
    },

    updateInfo: (actor: Actor, input: ProviderInfoInput) => save(actor, input, false),

    setup: (actor: Actor, input: ProviderInfoInput) => save(actor, input, true),

    /** The upload is checked and stored first; the profile then points at it, and the replaced file goes. */
    async updatePhoto(actor: Actor, part: MultipartFile | undefined): Promise<{ photoUrl: string }> {
      const user = await provider(actor);
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
export type ProviderProfileService = ReturnType<typeof createProviderProfileService>;
