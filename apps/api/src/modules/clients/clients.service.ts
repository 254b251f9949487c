import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import {
  CLIENT_INVITE_DAYS,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  csvRowInput,
  type ClientListQuery,
  type CsvImportResult,
  type ProviderClientEntry,
  type emailImportInput,
  type manualImportInput,
} from '@therapy/contracts/clients';
import { normalisePhone, phoneRegion } from '@therapy/contracts/fields';
import { m, messageRef, translate, type Locale } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { storedPhone } from '../../platform/phone.ts';
import type { UploadedParts } from '../../platform/files/uploads.ts';
import { mailTemplates } from '../../platform/mail/templates.ts';
import { logRecordAccess, type RequestOrigin } from '../../platform/record-access-log.ts';
import { newId } from '../../db/ids.ts';
import type { UserModule } from '../user/user.module.ts';
import {
  clientsRepository as repo,
  type ClientImportRow,
  type ClientListRow,
  type NewClientImport,
} from './clients.repository.ts';

/**
 * A provider's clients and client import (issue 17; decision 0029). Who is whose client: a booking between them, an
 * import the client accepted with their own account (from the invitation mail's link), or the provider's practice
 * record of someone without an account (decision 0053), made with each import. An import names an address once per
 * provider; a CSV file is checked row by row (the same rules as a manual entry); its valid rows are imported, every
 * row or, when asked, those without errors; a person in the list already is left out.
 */
const DAY = 24 * 3_600_000;
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const iso = (d: Date | string) => new Date(d).toISOString();

/** The CSV columns by their normalised header (letters only, lower case): "First Name", "first_name" and "firstName" alike. */
const columns: Record<string, 'firstName' | 'lastName' | 'email' | 'phoneNumber'> = {
  firstname: 'firstName',
  lastname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
};
const required = ['firstName', 'lastName', 'email'] as const;

export function createClientsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mail' | 'config' | 'files' | 'events'>,
  ports: { users: Pick<UserModule, 'findActiveUser' | 'records'> },
) {
  const { db, clock, config } = deps;

  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'provider').userId));

  /**
   * A client's number as stored (E.164, decision 0057): written without a country code, it is read in the
   * provider's country, as a practice writes its clients' numbers; no number of that country is a 400.
   */
  const practicePhone = (me: { countryCode: string | null }, value: string | null | undefined) =>
    storedPhone(value ?? null, me.countryCode);

  const toEntry = (r: ClientListRow): ProviderClientEntry => ({
    identifier: r.user_id,
    importIdentifier: r.import_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phoneNumber: r.phone_number,
    photoUrl: r.photo_file_id ? deps.files.signedUrl(r.photo_file_id) : r.avatar_url,
    status: r.user_id && !r.is_record ? 'active' : r.invited_at ? 'invited' : 'added',
    sources: r.sources,
    since: iso(r.since),
  });
  const importEntry = (row: ClientImportRow): ProviderClientEntry => ({
    identifier: row.clientId ?? row.recordId,
    importIdentifier: row.identifier,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    photoUrl: null,
    status: row.clientId ? 'active' : row.invitedAt ? 'invited' : 'added',
    sources: ['import'],
    since: row.createdAt.toISOString(),
  });

  /** Imports with their practice records (decision 0053): the record first, then the import that names it. */
  const insertWithRecords = async (tx: Executor, rows: NewClientImport[]): Promise<ClientImportRow[]> => {
    const withRecords = rows.map((r) => ({ ...r, recordId: newId() }));
    await ports.users.records.insert(
      tx,
      withRecords.map((r) => ({
        identifier: r.recordId,
        recordOf: r.providerId,
        email: r.email,
        firstName: r.firstName ?? null,
        lastName: r.lastName ?? null,
        phoneNumber: r.phoneNumber ?? null,
      })),
    );
    return repo.insertImports(tx, withRecords);
  };

  /** One import (manual or by mail): not the provider's own address, not one already in their list. */
  const insertOne = async (
    tx: Executor,
    me: { identifier: string; email: string },
    row: NewClientImport,
  ): Promise<ClientImportRow> => {
    if (row.email.toLowerCase() === me.email.toLowerCase()) throw AppError.rule(m.clientImportIsSelf);
    return (await insertWithRecords(tx, [row]))[0]!;
  };

  /**
   * A new invitation for an import: a fresh token (its hash replaces the old one, so an earlier link stops working)
   * and the mail, in the caller's transaction.
   */
  const invite = async (
    tx: Executor,
    me: { firstName: string | null; lastName: string | null; email: string; locale: string },
    row: ClientImportRow,
  ): Promise<ClientImportRow> => {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = clock.now();
    const updated = await repo.setInvitation(
      tx,
      row.identifier,
      hashToken(token),
      now,
      new Date(now.getTime() + CLIENT_INVITE_DAYS * DAY),
    );
    const locale: Locale = me.locale === 'de' ? 'de' : 'en';
    const providerName = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email;
    const content = mailTemplates.clientInvitation[locale]({
      name: row.firstName,
      provider: providerName,
      link: `${config.appOrigin}/invitation/${token}`,
      days: CLIENT_INVITE_DAYS,
    });
    await deps.mail.queue(tx, { to: row.email, lang: locale, ...content });
    return updated;
  };

  /** The provider's practice record (not joined yet), locked; another provider's or an unknown id is 404. */
  const lockRecord = async (tx: Executor, providerId: string, recordId: string) => {
    const row = await repo.lockRecord(tx, providerId, recordId);
    if (!row) {
      const joined = await repo.importOf(tx, providerId, recordId);
      if (joined?.clientId) throw AppError.conflict('CONFLICT', m.clientRecordJoined);
      throw AppError.notFound();
    }
    return row;
  };

  /**
   * The record becomes the account: its row is locked first (a booking, note or questionnaire written for it meanwhile
   * waits, then meets a key that is gone: a 409, `recordJoinedMeanwhile`, and nothing is left behind; one written
   * before the lock is merged with the rest), every module re-points its rows
   * (`record.merging`), and the record is deleted. The access log is append-only and keeps naming the record's id
   * for what was read before (decision 0053). Foreign keys that restrict (bookings) make a missed row fail it all.
   */
  const mergeRecord = async (tx: Executor, recordId: string, accountId: string) => {
    await ports.users.records.lock(tx, recordId);
    await deps.events.publish(tx, 'record.merging', { recordId, accountId });
    await repo.unlinkRecord(tx, recordId);
    await ports.users.records.delete(tx, recordId);
  };

  /** The rows of a CSV file, or 400 when it is not a CSV of clients at all (binary, broken quoting, wrong header). */
  const readCsv = async (
    data: Buffer,
  ): Promise<
    Array<{
      row: number;
      values: Record<'firstName' | 'lastName' | 'email' | 'phoneNumber', string>;
      badShape: boolean;
    }>
  > => {
    if (data.length === 0) throw AppError.rule(m.csvEmpty);
    if (data.length > CSV_MAX_BYTES) throw AppError.rule(m.credentialFileTooLarge);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw AppError.rule(m.csvNotCsv);
    }
    if (text.includes('\0') || (await fileTypeFromBuffer(data))) throw AppError.rule(m.csvNotCsv);
    const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    let records: string[][];
    try {
      records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
    } catch {
      throw AppError.rule(m.csvNotCsv);
    }
    const [header, ...rows] = records;
    if (!header) throw AppError.rule(m.csvEmpty);
    const named = header.map((h) => columns[h.toLowerCase().replace(/[^a-z]/g, '')]);
    if (
      named.some((n) => n === undefined) ||
      new Set(named).size !== named.length ||
      !required.every((c) => named.includes(c))
    )
      throw AppError.rule(m.csvHeaderInvalid);
    if (rows.length === 0) throw AppError.rule(m.csvEmpty);
    if (rows.length > CSV_MAX_ROWS) throw AppError.rule(m.csvTooManyRows, { max: CSV_MAX_ROWS });
    return rows.map((cells, i) => {
      const values = { firstName: '', lastName: '', email: '', phoneNumber: '' };
      named.forEach((name, c) => {
        values[name!] = cells[c] ?? '';
      });
      // Row 1 is the header, so the first client is row 2, as a spreadsheet numbers it.
      return { row: i + 2, values, badShape: cells.length !== header.length };
    });
  };

  return {
    /** Whether the client is the provider's client (notes and the client page ask this). */
    isClientOf: async (providerId: string, clientId: string): Promise<boolean> =>
      (await repo.sources(db, providerId, clientId)).length > 0,

    async list(
      actor: Actor,
      query: Required<Pick<ClientListQuery, 'page' | 'pageSize'>> & Pick<ClientListQuery, 'search'>,
    ) {
      const me = await provider(actor);
      const page = Number(query.page);
      const pageSize = Number(query.pageSize);
      const rows = await repo.page(db, me.identifier, query.search || undefined, pageSize, (page - 1) * pageSize);
      const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
      return { data: rows.map(toEntry), meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
    },

    /** Opening a client's page: how the provider knows them. The read is logged (issue 20), a refused one is not. */
    async relation(actor: Actor, origin: RequestOrigin, clientId: string) {
      const me = await provider(actor);
      const sources = await repo.sources(db, me.identifier, clientId);
      if (sources.length === 0) throw AppError.notFound();
      await logRecordAccess(db, {
        ownerId: me.identifier,
        actorId: me.identifier,
        recordType: 'client',
        recordId: clientId,
        clientId,
        action: 'read',
        origin,
        at: clock.now(),
      });
      const imported = await repo.importOf(db, me.identifier, clientId);
      const record = imported?.recordId === clientId ? imported : undefined;
      return {
        clientIdentifier: clientId,
        sources,
        status: record ? (record.invitedAt ? ('invited' as const) : ('added' as const)) : ('active' as const),
        record: record
          ? {
              firstName: record.firstName,
              lastName: record.lastName,
              email: record.email,
              phoneNumber: record.phoneNumber,
              invitedAt: record.invitedAt ? record.invitedAt.toISOString() : null,
            }
          : null,
      };
    },

    async importManually(actor: Actor, v: z.output<typeof manualImportInput>): Promise<ProviderClientEntry> {
      const me = await provider(actor);
      const row = await db.transaction((tx) =>
        insertOne(tx, me, {
          providerId: me.identifier,
          email: v.email,
          firstName: v.firstName,
          lastName: v.lastName,
          phoneNumber: practicePhone(me, v.phoneNumber),
          source: 'manual',
        }),
      );
      return importEntry(row);
    },

    /** The import and its invitation mail in one transaction: no mail without the row, no row without the mail. */
    async importByEmail(actor: Actor, v: z.output<typeof emailImportInput>): Promise<ProviderClientEntry> {
      const me = await provider(actor);
      const row = await db.transaction(async (tx) => {
        const created = await insertOne(tx, me, {
          providerId: me.identifier,
          email: v.email,
          firstName: v.firstName,
          lastName: v.lastName,
          source: 'email',
        });
        return invite(tx, me, created);
      });
      return importEntry(row);
    },

    /** New details for a practice record (the manual entry's rules); refused once the person has joined. */
    async updateRecord(
      actor: Actor,
      recordId: string,
      v: z.output<typeof manualImportInput>,
    ): Promise<ProviderClientEntry> {
      const me = await provider(actor);
      if (v.email.toLowerCase() === me.email.toLowerCase()) throw AppError.rule(m.clientImportIsSelf);
      const details = { ...v, phoneNumber: practicePhone(me, v.phoneNumber) };
      const row = await db.transaction(async (tx) => {
        const current = await lockRecord(tx, me.identifier, recordId);
        const updated = await repo.updateRecord(tx, current.identifier, details);
        await ports.users.records.update(tx, recordId, details);
        return updated;
      });
      return importEntry(row);
    },

    /**
     * Deletes a practice record and its import. Health records never vanish with it: while any appointment, note
     * or questionnaire names the record, it is refused (decision 0053).
     */
    async deleteRecord(actor: Actor, recordId: string): Promise<void> {
      const me = await provider(actor);
      await deps.events.transaction(async (tx) => {
        const current = await lockRecord(tx, me.identifier, recordId);
        await ports.users.records.lock(tx, recordId);
        // Bookings, notes and measures refuse here while they hold anything of the record.
        await deps.events.publish(tx, 'record.deleting', { recordId });
        await repo.deleteImport(tx, current.identifier);
        await ports.users.records.delete(tx, recordId);
      });
    },

    /** Sends the invitation to a practice record, or sends it again with a new link (the old one stops working). */
    async inviteRecord(actor: Actor, recordId: string): Promise<ProviderClientEntry> {
      const me = await provider(actor);
      const row = await db.transaction(async (tx) => invite(tx, me, await lockRecord(tx, me.identifier, recordId)));
      return importEntry(row);
    },

    /**
     * For bookings: whether the client is the provider's practice record, and if so, invites them unless an
     * invitation is open (an appointment they will pay on the platform once they join).
     */
    async isRecordOf(providerId: string, clientId: string): Promise<boolean> {
      return (await repo.importOf(db, providerId, clientId))?.recordId === clientId;
    },
    async recordsOf(providerId: string) {
      const rows = await repo.recordsOf(db, providerId);
      return rows.map((r) => ({ identifier: r.identifier!, firstName: r.firstName, lastName: r.lastName }));
    },
    async inviteUnlessInvited(providerId: string, recordId: string): Promise<void> {
      const me = await ports.users.findActiveUser(providerId);
      if (!me) return;
      await db.transaction(async (tx) => {
        const row = await repo.lockRecord(tx, providerId, recordId);
        if (!row) return;
        if (row.inviteTokenHash && row.inviteExpiresAt && row.inviteExpiresAt > clock.now()) return;
        await invite(tx, me, row);
      });
    },

    /**
     * A CSV file of clients: each row checked like a manual entry, duplicates within the file and with the list
     * named. Without `commit` a preview (nothing stored); with it every row in one transaction, or none when any row
     * has an error.
     */
    async importCsv(actor: Actor, parts: UploadedParts, locale: Locale): Promise<CsvImportResult> {
      const me = await provider(actor);
      const commit = parts.fields.commit === 'true';
      const validOnly = parts.fields.validOnly === 'true';
      const upload = parts.files[0];
      if (!upload) throw AppError.rule(m.csvNotCsv);
      if (upload.tooLarge) throw AppError.rule(m.credentialFileTooLarge);
      const rows = await readCsv(upload.data);
      const already = await repo.importedEmails(
        db,
        me.identifier,
        rows.map((r) => r.values.email.trim().toLowerCase()).filter(Boolean),
      );
      const region = phoneRegion(me.countryCode);
      const firstRowOf = new Map<string, number>();
      const checked = rows.map(({ row, values, badShape }) => {
        const errors: string[] = [];
        if (badShape) errors.push(m.csvHeaderInvalid);
        const parsed = csvRowInput.safeParse(values);
        if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((i) => i.message)));
        // A national number is read in the provider's country; one that is no number there is the row's error.
        const phone =
          parsed.success && parsed.data.phoneNumber ? normalisePhone(parsed.data.phoneNumber, region) : null;
        if (parsed.success && parsed.data.phoneNumber && phone === null) errors.push(m.phoneInvalid);
        const email = values.email.trim().toLowerCase();
        let alreadyInList = false;
        if (email) {
          const first = firstRowOf.get(email);
          if (first !== undefined) errors.push(messageRef(m.csvDuplicateInFile, { row: first }));
          else firstRowOf.set(email, row);
          // A person in the list already is no error: the row is shown as such and left out of the import.
          if (already.has(email) && first === undefined) alreadyInList = true;
          if (email === me.email.toLowerCase()) errors.push(m.clientImportIsSelf);
        }
        return {
          row,
          values,
          errors,
          alreadyInList,
          parsed: parsed.success ? { ...parsed.data, phoneNumber: phone } : undefined,
        };
      });
      const invalid = checked.filter((r) => r.errors.length > 0);
      const toImport = checked.filter((r) => r.errors.length === 0 && !r.alreadyInList);
      const result = (committed: boolean): CsvImportResult => ({
        committed,
        rows: checked.map((r) => ({
          row: r.row,
          ...r.values,
          errors: r.errors.map((e) => translate(e, locale)),
          alreadyInList: r.alreadyInList && r.errors.length === 0,
        })),
        validRows: toImport.length,
        invalidRows: invalid.length,
        alreadyInList: checked.filter((r) => r.alreadyInList && r.errors.length === 0).length,
      });
      if (!commit) return result(false);
      if (invalid.length > 0 && !validOnly) throw AppError.rule(m.csvHasErrors);
      if (toImport.length === 0) throw AppError.rule(m.csvNothingToImport);
      // Someone added one of these addresses between the check and now: the repository refuses the file, and
      // nothing of it is kept.
      await db.transaction(async (tx) => {
        await insertWithRecords(
          tx,
          toImport.map((r) => ({
            providerId: me.identifier,
            email: r.parsed!.email,
            firstName: r.parsed!.firstName,
            lastName: r.parsed!.lastName,
            phoneNumber: r.parsed!.phoneNumber,
            source: 'csv' as const,
          })),
        );
      });
      return result(true);
    },

    /**
     * A client accepts an invitation with their account: they become the provider's client. Only the person it was sent
     * to: the account's address is the invitation's (in any case) and verified, so a forwarded or leaked link does not
     * open someone else's profile to the provider. A refusal changes nothing; the link stays open for its owner.
     */
    async acceptInvitation(actor: Actor, token: string) {
      const me = requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'client').userId));
      return deps.events.transaction(async (tx) => {
        const invitation = await repo.lockInvitation(tx, hashToken(token), clock.now());
        if (!invitation) throw AppError.rule(m.clientInviteInvalid);
        if (invitation.email.trim().toLowerCase() !== me.email.trim().toLowerCase())
          throw new AppError(403, 'FORBIDDEN', m.clientInviteOtherEmail);
        if (!me.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', m.clientInviteVerifyFirst);
        const providerAccount = await ports.users.findActiveUser(invitation.providerId, tx);
        if (!providerAccount) throw AppError.rule(m.clientInviteInvalid);
        // The practice record becomes the person's account (decision 0053): its appointments, notes and measures
        // move over in this transaction, and the record is gone.
        if (invitation.recordId) await mergeRecord(tx, invitation.recordId, me.identifier);
        await repo.accept(tx, invitation.identifier, me.identifier, clock.now());
        return {
          providerIdentifier: invitation.providerId,
          providerName: [providerAccount.firstName, providerAccount.lastName].filter(Boolean).join(' ') || null,
        };
      });
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
