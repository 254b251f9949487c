import { m } from '@therapy/contracts/messages';
import {
  TEMPLATES_PER_PROVIDER_MAX,
  builtInNoteTemplateKeys,
  builtInNoteTemplates,
  type BuiltInNoteTemplateKey,
  type NoteTemplate,
  type NoteTemplateValues,
} from '@therapy/contracts/note-records';
import type { AppDeps } from '../../deps.ts';
import { requireAccessTo, requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { UserModule } from '../user/user.module.ts';
import { noteTemplatesRepository as repo, type NoteTemplateRow } from './note-templates.repository.ts';

/**
 * A provider's own note templates (issue 47; decision 0056): only their owner sees, changes or deletes one (anyone
 * else's id answers 404). The built-in SOAP, DAP and BIRP come from the contracts and are not stored.
 */
const toTemplate = (row: NoteTemplateRow): NoteTemplate => ({
  identifier: row.identifier,
  name: row.name,
  sections: row.sections,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const isBuiltInTemplate = (ref: string): ref is BuiltInNoteTemplateKey =>
  (builtInNoteTemplateKeys as readonly string[]).includes(ref);

export function createNoteTemplatesService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  users: Pick<UserModule, 'findActiveUser'>,
) {
  const { db, clock } = deps;
  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));
  const owned = async (actor: Actor, id: string) =>
    requireAccessTo(actor, 'update', await repo.find(db, id), (row) => ({ kind: 'owned', ownerId: row.providerId }));

  return {
    async list(actor: Actor): Promise<NoteTemplate[]> {
      const me = await provider(actor);
      return (await repo.list(db, me.identifier)).map(toTemplate);
    },

    async create(actor: Actor, values: NoteTemplateValues): Promise<NoteTemplate> {
      const me = await provider(actor);
      if ((await repo.count(db, me.identifier)) >= TEMPLATES_PER_PROVIDER_MAX) throw AppError.rule(m.templateLimit);
      return toTemplate(await repo.insert(db, { identifier: newId(), providerId: me.identifier, ...values }));
    },

    async update(actor: Actor, id: string, values: NoteTemplateValues): Promise<NoteTemplate> {
      const me = await provider(actor);
      await owned(actor, id);
      const row = await repo.update(db, id, me.identifier, values, clock.now());
      if (!row) throw AppError.notFound();
      return toTemplate(row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const me = await provider(actor);
      await owned(actor, id);
      await repo.remove(db, id, me.identifier);
    },

    /**
     * The headings of a template the provider may write from, in the note's language: a built-in one, or one of
     * their own (someone else's or a missing one: "Choose a template").
     */
    async headingsOf(providerId: string, ref: string, locale: 'en' | 'de'): Promise<string[]> {
      if (isBuiltInTemplate(ref)) return builtInNoteTemplates[ref].sections.map((h) => h[locale]);
      const row = await repo.find(db, ref);
      if (!row || row.providerId !== providerId) throw AppError.rule(m.noteTemplateInvalid);
      return row.sections;
    },
  };
}
export type NoteTemplatesService = ReturnType<typeof createNoteTemplatesService>;
