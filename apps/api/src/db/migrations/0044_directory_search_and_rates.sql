CREATE TABLE "exchange_rates" (
	"currency_code" text NOT NULL,
	"rate_date" date NOT NULL,
	"per_usd" numeric(20, 8) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_code_rate_date_pk" PRIMARY KEY("currency_code","rate_date"),
	CONSTRAINT "exchange_rates_currency_code_format" CHECK ("exchange_rates"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_per_usd_positive" CHECK ("exchange_rates"."per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "directory_search_words" (
	"word" text NOT NULL,
	CONSTRAINT "directory_search_words_word_pk" PRIMARY KEY("word")
);
--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "name_de" text;--> statement-breakpoint
ALTER TABLE "reference_items" ADD COLUMN "name_de" text;--> statement-breakpoint
CREATE INDEX "directory_search_words_trgm_idx" ON "directory_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint

-- Issue 48: the directory's text search. A query word may match in English, German or as written (each document is
-- indexed in the three configurations); a word that is none of the documents' words (a typo, "anxeity") also looks
-- for its three nearest words by trigram similarity. The words of a query must all match (in one of their forms).
CREATE AGGREGATE directory_tsquery_or(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
--> statement-breakpoint
CREATE AGGREGATE directory_tsquery_and(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);
--> statement-breakpoint
CREATE FUNCTION directory_search_query(p_q text) RETURNS tsquery
LANGUAGE sql STABLE AS $$
  WITH words AS (
    SELECT w, numnode(plainto_tsquery('english', w)) > 0 AND numnode(plainto_tsquery('german', w)) > 0 AS telling
      FROM unnest(tsvector_to_array(to_tsvector('simple', p_q))) w
  ), kept AS (
    -- A stop word of either language ("and", "und") says nothing by itself: left out, unless it is all there is.
    SELECT w FROM words WHERE telling OR NOT EXISTS (SELECT 1 FROM words x WHERE x.telling)
  ), alternatives AS (
    SELECT k.w, k.w AS a FROM kept k
    UNION
    SELECT k.w, s.word FROM kept k
     CROSS JOIN LATERAL (
       SELECT sw.word FROM directory_search_words sw
        WHERE sw.word % k.w ORDER BY similarity(sw.word, k.w) DESC, sw.word LIMIT 3) s
     -- Only a word the documents do not know, neither as written nor by its stem ("worried" is known as "worri").
     WHERE length(k.w) >= 4 AND NOT EXISTS (
       SELECT 1 FROM directory_search_words x
        WHERE x.word = ANY(tsvector_to_array(to_tsvector('simple', k.w) || to_tsvector('english', k.w) || to_tsvector('german', k.w))))
  ), terms AS (
    SELECT w, directory_tsquery_or(plainto_tsquery('english', a) || plainto_tsquery('german', a) || plainto_tsquery('simple', a)) AS t
      FROM alternatives GROUP BY w
  )
  SELECT coalesce(directory_tsquery_and(t), ''::tsquery) FROM terms
$$;
