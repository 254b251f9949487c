import { describe, expect, it } from 'vitest';
import { localizeMessage, m, mDe } from './messages.ts';

describe('message catalogue', () => {
  it('has a German text for every English one', () => {
    for (const key of Object.keys(m) as (keyof typeof m)[]) expect(mDe[key], key).toBeTruthy();
  });

  it('keeps the spec texts to the letter', () => {
    expect(m.countryRequired).toBe('Country  is required');
    expect(m.phoneMin).toBe('Number must be at least 10 digits');
    expect(m.phoneMax).toBe('Number must not exceed 13 digits');
    expect(m.emailsMustMatch).toBe('Emails must match');
    expect(m.passwordMustMatch).toBe('Password must match');
    expect(m.passwordsMustMatch).toBe('Passwords must match');
  });

  it('localises known texts and keeps unknown ones', () => {
    expect(localizeMessage(m.emailsMustMatch, 'de')).toBe(mDe.emailsMustMatch);
    expect(localizeMessage(m.emailsMustMatch, 'en')).toBe(m.emailsMustMatch);
    expect(localizeMessage('Something else', 'de')).toBe('Something else');
  });
});
