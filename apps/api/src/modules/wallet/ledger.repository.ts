import { and, count, desc, eq, gte, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerExecutor } from '../../db/prepared.ts';
import { countries } from '../../db/schema/reference.ts';
import { people } from '../../db/schema/users.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, owesDebt } from '../../db/schema/wallet.ts';

export type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type LedgerTransactionType = (typeof ledgerTransactions.$inferSelect)['type'];
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

export interface HistoryRow {
  identifier: string;
  type: LedgerTransactionType;
  reference: string | null;
  description: string;
  createdAt: Date;
  amount: number;
  currencyCode: string;
}

export interface HistoryFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  type?: LedgerTransactionType | undefined;
}

const NIL = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** A history row: the transaction and the wallet's side of it. */
const historyColumns = {
  identifier: ledgerTransactions.identifier,
  type: ledgerTransactions.type,
  reference: ledgerTransactions.reference,
  description: ledgerTransactions.description,
  createdAt: ledgerTransactions.createdAt,
  amount: ledgerEntries.amount,
  currencyCode: ledgerEntries.currencyCode,
};

/** The wallet's entries in a user's history: one row per transaction, the wallet's side of it. */
const historyWhere = (accountId: string, filter: HistoryFilter) =>
  and(
    eq(ledgerEntries.accountId, accountId),
    filter.from ? gte(ledgerTransactions.createdAt, filter.from) : undefined,
    filter.to ? lt(ledgerTransactions.createdAt, filter.to) : undefined,
    filter.type ? eq(ledgerTransactions.type, filter.type) : undefined,
  );

/** The balance route's one query, prepared once per database handle (planned once per connection). */
const balanceStatement = preparedPerExecutor((db) =>
  db
    .select({ currencyCode: countries.currencyCode, balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(people)
    .leftJoin(countries, eq(countries.code, people.countryCode))
    .leftJoin(
      ledgerAccounts,
      and(
        eq(ledgerAccounts.userId, people.identifier),
        eq(ledgerAccounts.kind, 'user_wallet'),
        eq(ledgerAccounts.currencyCode, countries.currencyCode),
      ),
    )
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.identifier))
    .where(and(eq(people.identifier, sql.placeholder('userId')), isNull(people.deletedAt)))
    .groupBy(countries.currencyCode)
    .prepare('wallet_country_balance'),
);

export const ledgerRepository = {
  /** The account's id, made on first use (concurrent first uses agree on one row). */
  async ensureAccount(db: Executor, kind: AccountKind, userId: string | null, currencyCode: string): Promise<string> {
    await db.insert(ledgerAccounts).values({ kind, userId, currencyCode }).onConflictDoNothing();
    const [row] = await db
      .select({ identifier: ledgerAccounts.identifier })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, kind),
          sql`coalesce(${ledgerAccounts.userId}, ${NIL}) = coalesce(${userId}::uuid, ${NIL})`,
          eq(ledgerAccounts.currencyCode, currencyCode),
        ),
      )
      .limit(1);
    return row!.identifier;
  },
  async findAccount(
    db: Executor,
    kind: AccountKind,
    userId: string,
    currencyCode: string,
  ): Promise<string | undefined> {
    const [row] = await db
      .select({ identifier: ledgerAccounts.identifier })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, kind),
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.currencyCode, currencyCode),
        ),
      )
      .limit(1);
    return row?.identifier;
  },
  async accountsOf(
    db: Executor,
    userId: string,
    kinds: readonly AccountKind[],
  ): Promise<Array<{ identifier: string; kind: AccountKind; currencyCode: string }>> {
    return db
      .select({
        identifier: ledgerAccounts.identifier,
        kind: ledgerAccounts.kind,
        currencyCode: ledgerAccounts.currencyCode,
      })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, [...kinds])))
      .orderBy(ledgerAccounts.kind, ledgerAccounts.currencyCode);
  },
  /** A user's accounts of the given kinds, locked until the transaction ends (nothing moves money in or out meanwhile). */
  async lockAccountsOf(
    db: Executor,
    userId: string,
    kinds: readonly AccountKind[],
  ): Promise<Array<{ identifier: string; kind: AccountKind; currencyCode: string }>> {
    return db
      .select({
        identifier: ledgerAccounts.identifier,
        kind: ledgerAccounts.kind,
        currencyCode: ledgerAccounts.currencyCode,
      })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, [...kinds])))
      .orderBy(ledgerAccounts.kind, ledgerAccounts.currencyCode)
      .for('update');
  },
  /**
   * The user's wallets that hold something or ever did (issue 48): per currency, the balance and the instant of the
   * last entry, the most recently used first. A wallet account made on first use but never moved is left out.
   */
  async heldWallets(
    db: Executor,
    userId: string,
  ): Promise<Array<{ currencyCode: string; balance: number; lastActivityAt: Date }>> {
    const rows = await db
      .select({
        currencyCode: ledgerAccounts.currencyCode,
        balance: sql<string>`sum(${ledgerEntries.amount})`,
        lastActivityAt: sql<Date>`max(${ledgerEntries.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.identifier))
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_wallet')))
      .groupBy(ledgerAccounts.currencyCode)
      .orderBy(sql`max(${ledgerEntries.createdAt}) DESC`, ledgerAccounts.currencyCode);
    return rows.map((r) => ({ ...r, balance: Number(r.balance) }));
  },
  /** Holds the account row until the transaction ends: debits of one wallet happen one after another. */
  async lockAccount(db: Executor, accountId: string): Promise<void> {
    await db
      .select({ identifier: ledgerAccounts.identifier })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.identifier, accountId))
      .for('update');
  },
  /** Providers' earnings accounts with a balance of at least `minimum` in these currencies (the weekly payout). */
  async earningsAtLeast(
    db: Executor,
    currencies: readonly string[],
    minimum: number,
  ): Promise<Array<{ userId: string; currencyCode: string; balance: number }>> {
    if (currencies.length === 0) return [];
    const rows = await db
      .select({
        userId: ledgerAccounts.userId,
        currencyCode: ledgerAccounts.currencyCode,
        balance: sql<string>`sum(${ledgerEntries.amount})`,
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.identifier))
      .where(and(eq(ledgerAccounts.kind, 'provider_earnings'), inArray(ledgerAccounts.currencyCode, [...currencies])))
      .groupBy(ledgerAccounts.identifier)
      .having(sql`sum(${ledgerEntries.amount}) >= ${minimum}`)
      .orderBy(ledgerAccounts.userId, ledgerAccounts.currencyCode);
    return rows.map((r) => ({ userId: r.userId!, currencyCode: r.currencyCode, balance: Number(r.balance) }));
  },

  /** What booking releases credited to the provider's earnings in [from, to), per currency (the provider's share). */
  async earnedBetween(
    db: Executor,
    userId: string,
    from: Date,
    to: Date,
  ): Promise<Array<{ amount: number; currencyCode: string }>> {
    const rows = await db
      .select({ currencyCode: ledgerEntries.currencyCode, total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.identifier, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.identifier, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.kind, 'provider_earnings'),
          eq(ledgerTransactions.type, 'booking_release'),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, to),
        ),
      )
      .groupBy(ledgerEntries.currencyCode)
      .orderBy(ledgerEntries.currencyCode);
    return rows
      .map((r) => ({ currencyCode: r.currencyCode, amount: Number(r.total ?? 0) }))
      .filter((r) => r.amount !== 0);
  },
  /**
   * What the booking releases with these references credited to the user's earnings (the provider's share, after
   * commission), one row per reference that was released.
   */
  async releasedTo(
    db: Executor,
    userId: string,
    references: readonly string[],
  ): Promise<Array<{ reference: string; amount: number; currencyCode: string; createdAt: Date }>> {
    if (references.length === 0) return [];
    const rows = await db
      .select({
        reference: ledgerTransactions.reference,
        amount: ledgerEntries.amount,
        currencyCode: ledgerEntries.currencyCode,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.identifier))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.identifier, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.type, 'booking_release'),
          inArray(ledgerTransactions.reference, [...references]),
          eq(ledgerAccounts.kind, 'provider_earnings'),
          eq(ledgerAccounts.userId, userId),
        ),
      );
    return rows.map((r) => ({ ...r, reference: r.reference!, amount: Number(r.amount) }));
  },
  /** Whether the user owes anything in any currency (a debt account below zero). */
  async owesDebt(db: Executor, userId: string): Promise<boolean> {
    const result = await db.execute<{ owes: boolean }>(sql`SELECT ${owesDebt(sql`${userId}::uuid`)} AS owes`);
    return result.rows[0]?.owes === true;
  },
  async balance(db: Executor, accountId: string): Promise<number> {
    const [row] = await db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return Number(row?.total ?? 0);
  },
  /** A new transaction, or undefined when one of this type already has this reference (it happened already). */
  async insertTransaction(
    db: Executor,
    values: { type: LedgerTransactionType; userId: string | null; reference: string | null; description: string },
  ): Promise<string | undefined> {
    const [row] = await db
      .insert(ledgerTransactions)
      .values(values)
      .onConflictDoNothing()
      .returning({ identifier: ledgerTransactions.identifier });
    return row?.identifier;
  },
  async findTransaction(db: Executor, type: LedgerTransactionType, reference: string): Promise<string | undefined> {
    const [row] = await db
      .select({ identifier: ledgerTransactions.identifier })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.type, type), eq(ledgerTransactions.reference, reference)))
      .limit(1);
    return row?.identifier;
  },
  async insertEntries(
    db: Executor,
    transactionId: string,
    entries: ReadonlyArray<{ accountId: string; amount: number; currencyCode: string }>,
  ): Promise<void> {
    await db.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
  },
  async history(
    db: Executor,
    accountId: string,
    filter: HistoryFilter,
    page: number,
    pageSize: number,
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    const where = historyWhere(accountId, filter);
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.identifier, ledgerEntries.transactionId))
      .where(where);
    const rows = await db
      .select(historyColumns)
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.identifier, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.identifier))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, total };
  },
  /** One transaction of the user's wallet history; undefined when it is not on one of the user's wallets. */
  async historyItem(db: Executor, userId: string, transactionId: string): Promise<HistoryRow | undefined> {
    const [row] = await db
      .select(historyColumns)
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.identifier, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.identifier, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.identifier, transactionId),
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.kind, 'user_wallet'),
        ),
      )
      .limit(1);
    return row;
  },
  /** Money in and out of a wallet, overall and since an instant. */
  async flows(
    db: Executor,
    accountId: string,
    since: Date,
  ): Promise<{ moneyIn: number; moneyOut: number; recentIn: number; recentOut: number }> {
    const [row] = await db
      .select({
        moneyIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} > 0), 0)`,
        moneyOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} < 0), 0)`,
        recentIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} > 0 AND ${ledgerEntries.createdAt} >= ${since}), 0)`,
        recentOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} < 0 AND ${ledgerEntries.createdAt} >= ${since}), 0)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return {
      moneyIn: Number(row?.moneyIn ?? 0),
      moneyOut: Number(row?.moneyOut ?? 0),
      recentIn: Number(row?.recentIn ?? 0),
      recentOut: Number(row?.recentOut ?? 0),
    };
  },
  /**
   * A live user's country currency and the balance of their wallet in it, in one round trip (the balance route is
   * the wallet's hottest read). Undefined when there is no such live user.
   */
  async countryBalance(
    db: Executor,
    userId: string,
  ): Promise<{ currencyCode: string | null; balance: number } | undefined> {
    const [row] = await balanceStatement(db).execute({ userId });
    return row ? { currencyCode: row.currencyCode, balance: Number(row.balance) } : undefined;
  },
  /** The wallet currency of a user: their country's (DESIGN.md §6), if the platform supports it. */
  async countryCurrency(db: Executor, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ currencyCode: countries.currencyCode })
      .from(people)
      .innerJoin(countries, eq(countries.code, people.countryCode))
      .where(eq(people.identifier, userId))
      .limit(1);
    return row?.currencyCode;
  },
};
