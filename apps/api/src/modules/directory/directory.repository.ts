import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries, referenceItems, states } from '../../db/schema/reference.ts';
import { effectiveFee } from '../../db/schema/practice-details.ts';

/**
 * Issue 48: a text in every configuration a visitor's word may match it in: English and German stems, and as
 * written (names, codes and words neither language knows). `inBoth` does so for a text written in each language.
 */
const inEvery = (text: SQL) =>
  sql`(to_tsvector('english', ${text}) || to_tsvector('german', ${text}) || to_tsvector('simple', ${text}))`;
/** The bio, the longest text, only by its stems: a third of the rebuild's time less (measured on 10,000 entries). */
const inStems = (text: SQL) => sql`(to_tsvector('english', ${text}) || to_tsvector('german', ${text}))`;
const inBoth = (en: SQL, de: SQL) =>
  sql`(to_tsvector('english', ${en}) || to_tsvector('simple', ${en}) || to_tsvector('german', ${de}) || to_tsvector('simple', ${de}))`;

/** The words of the rebuilt entries, for typo tolerance (directory_search_query); letters only, 3 or more. */
const addWords = (providerId: string | null) =>
  providerId === null
    ? sql`INSERT INTO directory_search_words (word)
          SELECT word FROM ts_stat('SELECT search FROM directory_entries') WHERE word ~ '^[[:alpha:]]{3,}$'
          ON CONFLICT DO NOTHING`
    : sql`INSERT INTO directory_search_words (word)
          SELECT DISTINCT w FROM directory_entries d, unnest(tsvector_to_array(d.search)) w
           WHERE d.provider_id = ${providerId} AND w ~ '^[[:alpha:]]{3,}$'
          ON CONFLICT DO NOTHING`;

/**
 * The directory's read model and its search: Drizzle only; the rules are in directory.service.ts. The rebuild reads
 * the profile, practice items and licence states read-only (decision 0027: shared schema, one query).
 */
const rebuild = (where: SQL) => sql`
  INSERT INTO directory_entries (provider_id, name, first_name, last_name, title, headline, bio, photo_file_id, fee_amount, fee_currency,
                                 fee_is_free, price, half_stars_sum, review_count, rating,
                                 search, therapies, modalities, specialities, states, languages, gender, religion_id, ethnicity_id, updated_at)
  SELECT u.identifier,
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')),
         u.first_name, u.last_name, p.title, p.headline, p.bio, p.photo_file_id,
         fee.fee, coalesce(fee.currency_code, bookable.currency_code), fee.is_free,
         coalesce(bookable.price, CASE WHEN fee.is_free THEN 0 ELSE fee.fee END),
         coalesce(rs.half_stars_sum, 0), coalesce(rs.review_count, 0),
         coalesce(rs.half_stars_sum::float / 2 / nullif(rs.review_count, 0), 0),
         setweight(to_tsvector('simple', coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 'A')
           || setweight(${inBoth(sql`labels.en`, sql`labels.de`)}, 'A')
           || setweight(${inEvery(sql`coalesce(p.headline, '') || ' ' || coalesce(p.title, '')`)}, 'B')
           || setweight(${inBoth(sql`langs.en`, sql`langs.de`)}, 'B')
           || setweight(${inStems(sql`coalesce(p.bio, '')`)}, 'C'),
         array(SELECT i.item_id FROM provider_profile_items i WHERE i.user_id = u.identifier AND i.list = 'therapy-category'),
         array(SELECT i.item_id FROM provider_profile_items i WHERE i.user_id = u.identifier AND i.list = 'modality'),
         array(SELECT i.item_id FROM provider_profile_items i WHERE i.user_id = u.identifier AND i.list = 'speciality'),
         array(SELECT l.state_id FROM listed_license_states l WHERE l.provider_id = u.identifier),
         array(SELECT pl.language_id FROM provider_languages pl WHERE pl.user_id = u.identifier),
         p.gender, p.religion_id, p.ethnicity_id, now()
    FROM users u
    LEFT JOIN provider_profiles p ON p.user_id = u.identifier
    LEFT JOIN provider_booking_fees fee ON fee.provider_id = u.identifier AND fee.therapy_category_id IS NULL
    LEFT JOIN provider_review_stats rs ON rs.provider_id = u.identifier
    -- Issue 48: the price filters and the price sort use the lowest price a client can book, as the card shows it
    -- ("from"): over the therapies offered, each at the fee a booking of it is charged (its own, else the general one).
    LEFT JOIN LATERAL (SELECT min(CASE WHEN (ef.fee->>'isFree')::boolean THEN 0 ELSE (ef.fee->>'amount')::bigint END) AS price,
                              min(ef.fee->>'currencyCode') AS currency_code
                         FROM provider_profile_items i
                         CROSS JOIN LATERAL (SELECT ${effectiveFee(sql`u.identifier`, sql`i.item_id`)} AS fee) ef
                        WHERE i.user_id = u.identifier AND i.list = 'therapy-category' AND ef.fee IS NOT NULL) bookable ON true
    -- The names of the therapies, modalities and specialities, and of the languages, in English and in German.
    LEFT JOIN LATERAL (SELECT coalesce(string_agg(ri.name, ' '), '') AS en, coalesce(string_agg(coalesce(ri.name_de, ri.name), ' '), '') AS de
                         FROM provider_profile_items i JOIN reference_items ri ON ri.identifier = i.item_id
                        WHERE i.user_id = u.identifier) labels ON true
    LEFT JOIN LATERAL (SELECT coalesce(string_agg(l.name, ' '), '') AS en, coalesce(string_agg(coalesce(l.name_de, l.name), ' '), '') AS de
                         FROM provider_languages pl JOIN languages l ON l.identifier = pl.language_id
                        WHERE pl.user_id = u.identifier) langs ON true
   WHERE u.user_type = 'provider' AND u.deleted_at IS NULL AND ${where}
  ON CONFLICT (provider_id) DO UPDATE SET
    name = EXCLUDED.name, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, title = EXCLUDED.title,
    headline = EXCLUDED.headline, bio = EXCLUDED.bio, photo_file_id = EXCLUDED.photo_file_id,
    fee_amount = EXCLUDED.fee_amount, fee_currency = EXCLUDED.fee_currency, fee_is_free = EXCLUDED.fee_is_free,
    price = EXCLUDED.price, half_stars_sum = EXCLUDED.half_stars_sum, review_count = EXCLUDED.review_count, rating = EXCLUDED.rating, search = EXCLUDED.search, therapies = EXCLUDED.therapies, modalities = EXCLUDED.modalities,
    specialities = EXCLUDED.specialities, states = EXCLUDED.states, languages = EXCLUDED.languages, gender = EXCLUDED.gender,
    religion_id = EXCLUDED.religion_id, ethnicity_id = EXCLUDED.ethnicity_id, updated_at = EXCLUDED.updated_at`;

export interface SearchFilter {
  stateId: string;
  q: string | undefined;
  therapies: string[];
  modalities: string[];
  specialities: string[];
  religions: string[];
  ethnicities: string[];
  genders: string[];
  languages: string[];
  /** Issue 48: in minor units of `currency`, compared with each fee converted to it (decision 0059). */
  priceMin: number | undefined;
  priceMax: number | undefined;
  /** The visitor's currency: price filters, the price sort and the converted fee are in it. */
  currency: string;
  /** Only therapists whose first free slot starts in [now, availableBefore). */
  availableBefore: Date | undefined;
  sort: 'match' | 'rating' | 'price' | 'soonest';
  now: Date;
  limit: number;
  offset: number;
}

export interface SearchRow {
  provider_id: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  headline: string | null;
  photo_file_id: string | null;
  therapies: string[];
  modalities: string[];
  specialities: string[];
  fee: string | null;
  currency_code: string | null;
  is_free: boolean | null;
  /** The fee in the visitor's currency, when the fee is in another one and a rate is known (search only). */
  converted_fee?: string | null;
  half_stars_sum: number | null;
  review_count: number | null;
  next_free_at: Date | string | null;
  total: string;
}

type Named = { identifier: string; code: string; name: string };
type CardRow = Pick<SearchRow, 'first_name' | 'last_name' | 'title' | 'headline' | 'photo_file_id' | 'therapies'> & {
  updated_at: Date;
};

const uuidArray = (ids: string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

export const directoryRepository = {
  /** Rebuilds one provider's entry (or removes it when the account is gone or not a provider). */
  async refresh(ex: Executor, providerId: string): Promise<void> {
    await ex.execute(rebuild(sql`u.identifier = ${providerId}`));
    await ex.execute(addWords(providerId));
    await ex.execute(sql`DELETE FROM directory_entries d WHERE d.provider_id = ${providerId}
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.identifier = d.provider_id AND u.user_type = 'provider' AND u.deleted_at IS NULL)`);
  },

  /** Rebuilds every entry (at start: entries for providers from before the directory existed, or missed events). */
  async refreshAll(ex: Executor): Promise<void> {
    await ex.execute(rebuild(sql`true`));
    await ex.execute(addWords(null));
    await ex.execute(
      sql`DELETE FROM directory_entries d WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.identifier = d.provider_id AND u.user_type = 'provider' AND u.deleted_at IS NULL)`,
    );
  },

  /**
   * One page of verified, live providers licensed in the state, with the total: one query. Names match with trigrams
   * (typo-tolerant), the rest with full text (headline, bio); verification, fee and rating are one row each.
   */
  async search(ex: Executor, f: SearchFilter): Promise<SearchRow[]> {
    const conditions: SQL[] = [sql`d.states @> ${uuidArray([f.stateId])}`];
    if (f.therapies.length > 0) conditions.push(sql`d.therapies && ${uuidArray(f.therapies)}`);
    if (f.modalities.length > 0) conditions.push(sql`d.modalities && ${uuidArray(f.modalities)}`);
    if (f.specialities.length > 0) conditions.push(sql`d.specialities && ${uuidArray(f.specialities)}`);
    if (f.languages.length > 0) conditions.push(sql`d.languages && ${uuidArray(f.languages)}`);
    if (f.religions.length > 0) conditions.push(sql`d.religion_id = ANY(${uuidArray(f.religions)})`);
    if (f.ethnicities.length > 0) conditions.push(sql`d.ethnicity_id = ANY(${uuidArray(f.ethnicities)})`);
    if (f.genders.length > 0)
      conditions.push(
        sql`d.gender IN (${sql.join(
          f.genders.map((g) => sql`${g}`),
          sql`, `,
        )})`,
      );
    // Issue 48 (decision 0059): a fee in another currency counts at the newest rate on or before today; one
    // without a known rate has no price here (no price filter keeps it, the price sort puts it last).
    const day = f.now.toISOString().slice(0, 10);
    const rateOf = (code: SQL) =>
      sql`(SELECT r.per_usd FROM exchange_rates r WHERE r.currency_code = ${code} AND r.rate_date <= ${day}::date ORDER BY r.rate_date DESC LIMIT 1)`;
    const converted = sql`(CASE WHEN d.fee_currency = ${f.currency} OR d.price = 0 THEN d.price
      ELSE round(d.price * ${rateOf(sql`${f.currency}`)} / src.per_usd)::bigint END)`;
    if (f.priceMin !== undefined) conditions.push(sql`${converted} >= ${f.priceMin}`);
    if (f.priceMax !== undefined) conditions.push(sql`${converted} <= ${f.priceMax}`);
    // A first free slot that has passed is stale until the sweep recomputes it: it counts as unknown.
    if (f.availableBefore) conditions.push(sql`d.next_free_at >= ${f.now} AND d.next_free_at < ${f.availableBefore}`);
    // Issue 48: names, headline, bio, therapies, specialities and languages, in English and German, stemmed, and
    // typo-tolerant (directory_search_query, migration 0042); names also by trigram similarity as before.
    const query = f.q ? sql`(SELECT directory_search_query(${f.q}))` : null;
    if (f.q) conditions.push(sql`(d.search @@ ${query} OR d.name % ${f.q} OR word_similarity(${f.q}, d.name) > 0.5)`);
    // Without words to match, the best match is the best rated.
    // A name's similarity counts only where the name matched (any name shares a trigram or two with any word).
    const nameMatch = sql`(d.name % ${f.q} OR word_similarity(${f.q}, d.name) > 0.5)`;
    const match = f.q
      ? sql`ts_rank(d.search, ${query}) + CASE WHEN ${nameMatch} THEN similarity(d.name, ${f.q}) ELSE 0 END DESC, `
      : sql``;
    const order =
      f.sort === 'soonest'
        ? sql`CASE WHEN d.next_free_at >= ${f.now} THEN d.next_free_at END ASC NULLS LAST, d.rating DESC, d.provider_id`
        : f.sort === 'price'
          ? sql`${converted} ASC NULLS LAST, d.provider_id`
          : f.sort === 'rating'
            ? sql`d.rating DESC, d.review_count DESC, d.provider_id`
            : sql`${match}d.rating DESC, d.provider_id`;
    // The id lists come as JSON: parsed natively, where pg's text-array parser was a tenth of the page's CPU.
    const result = await ex.execute<SearchRow & Record<string, unknown>>(sql`
      SELECT d.provider_id, d.first_name, d.last_name, d.title, d.headline, d.photo_file_id,
             to_json(d.therapies) AS therapies, to_json(d.modalities) AS modalities, to_json(d.specialities) AS specialities,
             d.fee_amount AS fee, d.fee_currency AS currency_code, d.fee_is_free AS is_free, d.half_stars_sum, d.review_count,
             CASE WHEN d.fee_currency <> ${f.currency} AND d.price > 0 THEN ${converted} END AS converted_fee,
             CASE WHEN d.next_free_at >= ${f.now} THEN d.next_free_at END AS next_free_at, count(*) OVER () AS total
        FROM directory_entries d
        LEFT JOIN LATERAL (SELECT ${rateOf(sql`d.fee_currency`)} AS per_usd) src ON d.fee_currency <> ${f.currency}
        -- Verification and the account's life are read where they live: exact at every moment, whatever changed them.
        JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'
        JOIN users u ON u.identifier = d.provider_id AND u.deleted_at IS NULL
       WHERE ${sql.join(conditions, sql` AND `)}
       ORDER BY ${order}
       LIMIT ${f.limit} OFFSET ${f.offset}`);
    return result.rows;
  },

  /** A listed provider's entry with the bio and the licence states' names (verified and live, else nothing). */
  async profile(
    ex: Executor,
    providerId: string,
    now: Date,
  ): Promise<
    | (SearchRow & { bio: string | null; licence_states: Named[]; languages: Named[]; office_address: string | null })
    | undefined
  > {
    const result = await ex.execute<
      SearchRow & {
        bio: string | null;
        licence_states: Named[];
        languages: Named[];
        office_address: string | null;
      } & Record<string, unknown>
    >(sql`
      SELECT d.provider_id, d.first_name, d.last_name, d.title, d.headline, d.bio, d.photo_file_id, d.therapies, d.modalities, d.specialities,
             d.fee_amount AS fee, d.fee_currency AS currency_code, d.fee_is_free AS is_free, d.half_stars_sum, d.review_count, 1 AS total,
             CASE WHEN d.next_free_at >= ${now} THEN d.next_free_at END AS next_free_at,
             coalesce((SELECT json_agg(json_build_object('identifier', s.identifier, 'code', s.code, 'name', s.name) ORDER BY s.name)
                         FROM states s WHERE s.identifier = ANY(d.states)), '[]'::json) AS licence_states,
             coalesce((SELECT json_agg(json_build_object('identifier', l.identifier, 'code', l.code, 'name', l.name) ORDER BY l.name)
                         FROM languages l WHERE l.identifier = ANY(d.languages)), '[]'::json) AS languages,
             (SELECT p.office_address FROM provider_profiles p WHERE p.user_id = d.provider_id) AS office_address
        FROM directory_entries d
        JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'
        JOIN users u ON u.identifier = d.provider_id AND u.deleted_at IS NULL
       WHERE d.provider_id = ${providerId}`);
    return result.rows[0];
  },

  /** Stores a provider's first free slot as the availability module computed it at `checkedAt`. */
  async setNextFree(ex: Executor, providerId: string, at: Date | null, checkedAt: Date): Promise<void> {
    await ex.execute(
      sql`UPDATE directory_entries SET next_free_at = ${at}, availability_checked_at = ${checkedAt} WHERE provider_id = ${providerId}`,
    );
  },

  /** The providers' stored first free slots, by provider (one without an entry is not in the map). */
  async nextFreeOf(ex: Executor, providerIds: string[]): Promise<Map<string, Date | null>> {
    // One array parameter, so the text is the same for any number of providers.
    const { rows } = await ex.execute<{ provider_id: string; at: Date | string | null }>(
      sql`SELECT provider_id, next_free_at AS at FROM directory_entries WHERE provider_id = ANY(${sql.param(providerIds)}::uuid[])`,
    );
    return new Map(rows.map((r) => [r.provider_id, r.at === null ? null : new Date(r.at)]));
  },

  /**
   * Listed providers whose first free slot needs computing again: never computed, passed (or about to), or computed
   * more than a day ago (the booking horizon moves on daily), oldest first.
   */
  async staleAvailability(ex: Executor, now: Date, limit: number): Promise<string[]> {
    const result = await ex.execute<{ provider_id: string }>(sql`
      SELECT d.provider_id FROM directory_entries d
        JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'
       WHERE d.availability_checked_at IS NULL
          OR d.next_free_at < ${new Date(now.getTime() + 10 * 60_000)}
          OR d.availability_checked_at < ${new Date(now.getTime() - 24 * 3_600_000)}
       ORDER BY d.availability_checked_at ASC NULLS FIRST
       LIMIT ${limit}`);
    return result.rows.map((r) => r.provider_id);
  },

  /** What a listed provider's link-preview card shows (verified, live; undefined otherwise), with when it changed. */
  async card(ex: Executor, providerId: string): Promise<CardRow | undefined> {
    const result = await ex.execute<CardRow & Record<string, unknown>>(sql`
      SELECT d.first_name, d.last_name, d.title, d.headline, d.photo_file_id, d.therapies, d.updated_at
        FROM directory_entries d
        JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'
        JOIN users u ON u.identifier = d.provider_id AND u.deleted_at IS NULL
       WHERE d.provider_id = ${providerId}`);
    return result.rows[0];
  },

  /** The listed providers' pages for the sitemap: verified, live, newest change first (at most `limit`). */
  async listedPages(ex: Executor, limit: number): Promise<Array<{ provider_id: string; updated_at: Date }>> {
    const result = await ex.execute<{ provider_id: string; updated_at: Date }>(sql`
      SELECT d.provider_id, d.updated_at FROM directory_entries d
        JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'
        JOIN users u ON u.identifier = d.provider_id AND u.deleted_at IS NULL
       ORDER BY d.updated_at DESC LIMIT ${limit}`);
    return result.rows;
  },

  /** A US state by its two-letter code, with its country's currency (the visitor's unless they chose another). */
  async usState(ex: Executor, code: string): Promise<{ id: string; currency: string } | undefined> {
    const [row] = await ex
      .select({ id: states.identifier, currency: countries.currencyCode })
      .from(states)
      .innerJoin(countries, eq(countries.identifier, states.countryId))
      .where(and(eq(countries.code, 'US'), eq(states.code, code)))
      .limit(1);
    return row;
  },

  /** The languages' identifiers by ISO 639-1 code (small, seeded; the service keeps them a while). */
  async languageIds(ex: Executor): Promise<Array<{ identifier: string; code: string }>> {
    const result = await ex.execute<{ identifier: string; code: string }>(sql`SELECT identifier, code FROM languages`);
    return result.rows;
  },

  /** The items of the directory's filter lists (small, seeded; the service keeps them a while). */
  async filterItems(ex: Executor) {
    return ex
      .select({
        identifier: referenceItems.identifier,
        list: referenceItems.list,
        code: referenceItems.code,
        name: referenceItems.name,
      })
      .from(referenceItems)
      .where(
        inArray(referenceItems.list, ['therapy-category', 'modality', 'speciality', 'religion', 'ethnicity', 'gender']),
      );
  },
};
