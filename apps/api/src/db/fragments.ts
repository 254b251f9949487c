import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * A subquery one module offers for another module's statement (decision 0040): the owner declares it in its schema
 * file, over its own tables (decision 0047: `busyTimes`, `effectiveFee`, `owesDebt`), and the user's repository puts
 * it into a statement of its own, so a hot path reads what several modules know in one round trip. The rule it encodes
 * (which fee applies, what counts as a debt) stays written once, by the owner.
 */
export type SqlFragment<T> = SQL<T>;
/** What a fragment is asked about: a value, a column of the user's statement or a prepared statement's placeholder. */
export type SqlOperand = SQLWrapper;
