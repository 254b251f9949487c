import type { MultipartFile } from '@fastify/multipart';
import type { ReferenceList } from '@therapy/contracts/reference';
import { m } from '@therapy/contracts/messages';
import {
  preferenceLists,
  type Avatar,
  type ClientPreferences,
  type ClientPreferencesInput,
  type ClientProfile,
  type ClientProfileInput,
  type EmergencyContact,
  type PreferenceKey,
} from '@therapy/contracts/profile';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import {
  requireAccess,
  requireAccessTo,
  requireLiveAccount,
  requireRole,
  type Actor,
  type Resource,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import type { ReferenceModule } from '../reference/reference.module.ts';
import type { UserModule, UserRow } from '../user/user.module.ts';
import { toClientProfile, toEmergencyContact } from './client-profile.mapper.ts';
import { clientProfileRepository as repo, type ClientProfileRow } from './client-profile.repository.ts';
import { storedPhone } from '../../platform/phone.ts';

const preferenceKeys = Object.keys(preferenceLists) as PreferenceKey[];
/** The ten preference keys whose lists are reference lists (language and country have their own tables). */
const referenceKeys = preferenceKeys.filter((k) => k !== 'language' && k !== 'country') as Array<
  Exclude<PreferenceKey, 'language' | 'country'>
>;
const listOf = (key: Exclude<PreferenceKey, 'language' | 'country'>) => preferenceLists[key] as ReferenceList;

const collator = new Intl.Collator('en');

/**
 * The emergency contact's name and number, sealed bound to the client: the row is the client's one (unique on the
 * user, replaced in place), so the user id is its key; the data export opens them with the same context.
 */
export const contactContext = (userId: string, part: 'name' | 'phone-number') => `emergency-contact:${userId}:${part}`;

/** A client's own profile, emergency contact, preferences and picture (spec §7 "Profile and client"). */
export function createClientProfileService(
  deps: AppDeps,
  {
    users,
    reference,
    isClientOf,
  }: {
    users: Pick<UserModule, 'findActiveUser' | 'updateDetails'>;
    reference: ReferenceModule;
    isClientOf: (providerId: string, clientId: string) => Promise<boolean>;
  },
) {
  const { db } = deps;
  const { checks: profileChecks, mapForeignKeyViolation } = reference;
  // The emergency contact is health-adjacent: sealed at rest (issue 45).
  const crypt = fieldEncryptionFromConfig(deps.config);

  /** Access first (the access core): a client (403 otherwise) whose account is live (401 once it ended). */
  const client = async (actor: Actor): Promise<UserRow> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'client').userId));

  /** A client's record at the provider (the access core's `care`): there when a booking or an import links them. */
  const careOf = async (providerId: string, subject: UserRow | undefined): Promise<Resource | undefined> =>
    subject?.userType === 'client' && (await isClientOf(providerId, subject.identifier))
      ? { kind: 'care', providerId }
      : undefined;

  const photoUrlOf = async (ex: Executor, profile: ClientProfileRow): Promise<string | null> => {
    if (profile.photoFileId) return deps.files.signedUrl(profile.photoFileId);
    if (profile.avatarId) return (await repo.avatarPhotoUrl(ex, profile.avatarId)) ?? null;
    return null;
  };

  const present = async (user: UserRow, profile: ClientProfileRow): Promise<ClientProfile> => {
    const countryIdentifier = user.countryCode ? ((await reference.countryIdByCode(user.countryCode)) ?? null) : null;
    return toClientProfile(user, profile, { countryIdentifier, photoUrl: await photoUrlOf(db, profile) });
  };

  /** Replaces the picture (an uploaded file or an avatar, never both) and removes the file it replaces. */
  const replacePicture = async (userId: string, picture: { photoFileId: string | null; avatarId: string | null }) =>
    db.transaction(async (tx) => {
      const before = await repo.lock(tx, userId);
      await repo.setPicture(tx, userId, picture);
      if (before.photoFileId && before.photoFileId !== picture.photoFileId)
        await deps.files.remove(before.photoFileId, tx);
    });

  return {
    async get(actor: Actor): Promise<ClientProfile> {
      const user = await client(actor);
      return present(user, await repo.ensure(db, user.identifier));
    },

    /** The client themself, or a provider whose client they are (issue 17: a booking or an accepted import); else 404. */
    async getById(actor: Actor, id: string): Promise<ClientProfile> {
      if (actor?.userType === 'provider') {
        const me = requireLiveAccount(actor, await users.findActiveUser(actor.userId));
        const found = await users.findActiveUser(id.toLowerCase());
        const care = await careOf(me.identifier, found);
        const subject = requireAccessTo(actor, 'read', found, () => care);
        return present(subject, await repo.ensure(db, subject.identifier));
      }
      const user = await client(actor);
      // A client profile's id is its user's: anyone else's (or none) is "not found".
      requireAccess(actor, 'read', { kind: 'owned', ownerId: id.toLowerCase() });
      return present(user, await repo.ensure(db, user.identifier));
    },

    async update(actor: Actor, input: ClientProfileInput): Promise<ClientProfile> {
      const user = await client(actor);
      const countryCode = await profileChecks.countryCode(db, input.countryIdentifier);
      await profileChecks.stateInCountry(db, input.stateIdentifier, input.countryIdentifier);
      await profileChecks.inList(db, 'religion', [input.religionIdentifier]);
      await profileChecks.inList(db, 'ethnicity', [input.ethnicityIdentifier]);
      await profileChecks.genderCode(db, input.gender);
      const [updated, profile] = await db
        .transaction(async (tx) => {
          // The account may have ended meanwhile: 401 (the access core).
          const u = requireLiveAccount(
            actor,
            await users.updateDetails(tx, user.identifier, {
              firstName: input.firstName,
              lastName: input.lastName,
              countryCode,
              timezone: input.timezone,
              // Absent: unchanged (stored on the user row, where sign-up puts it too).
              ...(input.phoneNumber !== undefined ? { phoneNumber: storedPhone(input.phoneNumber, countryCode) } : {}),
            }),
          );
          const p = await repo.upsert(tx, {
            userId: user.identifier,
            userName: input.userName,
            stateId: input.stateIdentifier,
            zipCode: input.zipCode,
            dob: input.dob,
            religionId: input.religionIdentifier,
            ethnicityId: input.ethnicityIdentifier,
            gender: input.gender,
          });
          return [u, p] as const;
        })
        .catch(mapForeignKeyViolation);
      return present(updated, profile);
    },

    async emergencyContact(actor: Actor): Promise<EmergencyContact | null> {
      const user = await client(actor);
      const row = await repo.findEmergencyContact(db, user.identifier);
      // A row the start-up backfill has not sealed yet has no sealed values: none to show until it has.
      if (!row?.nameSealed || !row.phoneNumberSealed) return null;
      return toEmergencyContact(row, {
        name: crypt.open(row.nameSealed, contactContext(user.identifier, 'name')),
        phoneNumber: crypt.open(row.phoneNumberSealed, contactContext(user.identifier, 'phone-number')),
      });
    },

    async saveEmergencyContact(actor: Actor, given: { name: string; phoneNumber: string }): Promise<EmergencyContact> {
      const user = await client(actor);
      const input = { ...given, phoneNumber: storedPhone(given.phoneNumber, user.countryCode) };
      const row = await repo.upsertEmergencyContact(db, user.identifier, {
        nameSealed: crypt.seal(input.name, contactContext(user.identifier, 'name')),
        phoneNumberSealed: crypt.seal(input.phoneNumber, contactContext(user.identifier, 'phone-number')),
      });
      return toEmergencyContact(row, { name: input.name, phoneNumber: input.phoneNumber });
    },

    async preferences(actor: Actor): Promise<ClientPreferences> {
      const user = await client(actor);
      return readPreferences(db, user.identifier);
    },

    /** A key that is present replaces that list; absent keys stay as they are. */
    async updatePreferences(actor: Actor, input: ClientPreferencesInput): Promise<ClientPreferences> {
      const user = await client(actor);
      const given = referenceKeys.filter((k) => input[k] !== undefined);
      for (const key of given) await profileChecks.inList(db, listOf(key), input[key] ?? []);
      if (input.language) await profileChecks.languages(db, input.language);
      if (input.country) await profileChecks.countries(db, input.country);
      return db
        .transaction(async (tx) => {
          const items = given.flatMap((key) => (input[key] ?? []).map((itemId) => ({ list: listOf(key), itemId })));
          await repo.replacePreferenceItems(tx, user.identifier, given.map(listOf), items);
          if (input.language) await repo.replacePreferenceLanguages(tx, user.identifier, input.language);
          if (input.country) await repo.replacePreferenceCountries(tx, user.identifier, input.country);
          return readPreferences(tx, user.identifier);
        })
        .catch(mapForeignKeyViolation);
    },

    async avatars(actor: Actor): Promise<Avatar[]> {
      await client(actor);
      const rows = await reference.listAvatars();
      return rows
        .sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.code, b.code))
        .map((row) => ({ identifier: row.identifier, photoUrl: row.photoUrl }));
    },

    /** Choosing an avatar replaces (and removes) an uploaded picture. */
    async chooseAvatar(actor: Actor, avatarId: string): Promise<{ photoUrl: string }> {
      const user = await client(actor);
      const avatar = await reference.avatarById(avatarId);
      if (!avatar) throw AppError.validation('avatarRequired', [m.avatarRequired]);
      await replacePicture(user.identifier, { photoFileId: null, avatarId: avatar.identifier });
      return { photoUrl: avatar.photoUrl };
    },

    /** The upload is checked and stored first; the profile then points at it, and the file it replaces goes. */
    async uploadPicture(actor: Actor, part: MultipartFile | undefined): Promise<{ photoUrl: string }> {
      const user = await client(actor);
      const stored = await deps.files.saveImage(user.identifier, 'profile_picture', part);
      try {
        await replacePicture(user.identifier, { photoFileId: stored.identifier, avatarId: null });
      } catch (err) {
        await deps.files.remove(stored.identifier).catch(() => {});
        throw err;
      }
      return { photoUrl: deps.files.signedUrl(stored.identifier) };
    },

    async deletePicture(actor: Actor): Promise<{ photoUrl: null }> {
      const user = await client(actor);
      await replacePicture(user.identifier, { photoFileId: null, avatarId: null });
      return { photoUrl: null };
    },
  };
}

async function readPreferences(ex: Executor, userId: string): Promise<ClientPreferences> {
  const result = Object.fromEntries(preferenceKeys.map((k) => [k, [] as string[]])) as ClientPreferences;
  const keyOfList = new Map(referenceKeys.map((k) => [listOf(k), k]));
  for (const item of await repo.preferenceItems(ex, userId)) {
    const key = keyOfList.get(item.list);
    if (key) result[key].push(item.itemId);
  }
  result.language = await repo.preferenceLanguages(ex, userId);
  result.country = await repo.preferenceCountries(ex, userId);
  // A set has no order; sorted, the same preferences always read the same.
  for (const key of preferenceKeys) result[key].sort();
  return result;
}
export type ClientProfileService = ReturnType<typeof createClientProfileService>;
