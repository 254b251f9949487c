import { describe, expect, it } from 'vitest';
import { mapForeignKeyViolation } from './profile-checks.ts';

// Moved from provider-profile.test.ts with the checks (issue 12: the checks belong to the reference module).
describe('a foreign key that refuses a list item', () => {
  it('answers 400 "Choose an option from the list", however Drizzle wraps the database error', async () => {
    expect(() => mapForeignKeyViolation({ message: 'failed query', cause: { code: '23503' } })).toThrow(
      expect.objectContaining({ statusCode: 400, messageKey: 'optionInvalid' }),
    );
    const other = new Error('boom');
    expect(() => mapForeignKeyViolation(other)).toThrow(other);
  });
});
