import { describe, expect, it } from 'vitest';
import {
  changeEmailForm,
  clientRegisterInput,
  passwordResetInput,
  providerRegisterInput,
  updatePasswordInput,
} from './auth.ts';
import { m } from './messages/index.ts';

const messages = (res: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  res.success ? [] : res.error!.issues.map((i) => i.message);

describe('cross-field checks run while other fields fail (every message at once)', () => {
  it('client sign-up lists the mismatches together with the field errors', () => {
    const res = clientRegisterInput.safeParse({
      userType: 'client',
      firstName: '',
      lastName: '',
      email: 'ADA@example.com',
      confirmEmail: 'other@example.com',
      countryIdentifier: '',
      phoneNumber: 'abc',
      password: 'ab1',
      confirmPassword: 'ab2',
      acceptTerms: false,
    });
    expect(messages(res)).toEqual(
      expect.arrayContaining([
        m.nameRequired,
        m.countryRequired,
        m.phoneDigits,
        m.passwordMin,
        m.termsRequired,
        m.passwordsMustMatch,
        m.emailsMustMatch,
      ]),
    );
  });
  it('an email that only differs in case still matches its confirmation', () => {
    const res = clientRegisterInput.safeParse({
      userType: 'client',
      firstName: '',
      lastName: 'L',
      email: 'Ada@Example.com',
      confirmEmail: 'ada@example.com',
      countryIdentifier: '',
      password: 'x',
      confirmPassword: 'x',
      acceptTerms: true,
    });
    expect(messages(res)).not.toContain(m.emailsMustMatch);
  });
  it('provider sign-up, reset, change password and change email', () => {
    expect(
      messages(
        providerRegisterInput.safeParse({
          userType: 'provider',
          firstName: '',
          lastName: '',
          email: '',
          phoneNumber: '',
          password: 'a',
          confirmPassword: 'b',
          acceptTerms: false,
        }),
      ),
    ).toEqual(expect.arrayContaining([m.nameRequired, m.emailRequired, m.passwordMin, m.passwordsMustMatch]));
    expect(
      messages(
        passwordResetInput.safeParse({
          token: '',
          password: 'a',
          confirmPassword: 'b',
        }),
      ),
    ).toEqual(expect.arrayContaining([m.tokenInvalid, m.passwordMin, m.passwordMustMatch]));
    expect(
      messages(
        updatePasswordInput.safeParse({
          oldPassword: '',
          newPassword: 'a',
          confirmPassword: 'b',
        }),
      ),
    ).toEqual(expect.arrayContaining([m.passwordRequired, m.passwordMin, m.passwordsMustMatch]));
    expect(messages(changeEmailForm.safeParse({ email: 'nope', confirmEmail: 'other' }))).toEqual(
      expect.arrayContaining([m.emailInvalid, m.emailsMustMatch]),
    );
  });
});
