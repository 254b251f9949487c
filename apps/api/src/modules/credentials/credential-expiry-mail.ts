import type { Locale } from '@therapy/contracts/messages';
import type { MailContent } from '../../platform/mail/templates.ts';

interface ExpiryMailParams {
  name: string;
  /** e.g. "licence (California Board of Psychology, PSY-12345)". */
  document: string;
  expiresOn: string;
  days: number;
  link: string;
}

const hello = (locale: Locale, name: string) =>
  locale === 'de' ? (name ? `Hallo ${name},` : 'Hallo,') : name ? `Hello ${name},` : 'Hello,';

/** The expiry mails of a licence or insurance (issue 45), in the provider's language. */
export function expiryMail(locale: Locale, kind: 'reminder' | 'expired', p: ExpiryMailParams): MailContent {
  if (locale === 'de') {
    return kind === 'reminder'
      ? {
          subject: `Dein Nachweis läuft in ${p.days} ${p.days === 1 ? 'Tag' : 'Tagen'} ab`,
          text: `${hello(locale, p.name)}\n\nDeine ${p.document} ist bis ${p.expiresOn} gültig. Lade rechtzeitig einen erneuerten Nachweis hoch, damit du in allen Bundesstaaten gelistet bleibst; er wird vor der Freischaltung geprüft:\n${p.link}`,
        }
      : {
          subject: 'Dein Nachweis ist abgelaufen',
          text: `${hello(locale, p.name)}\n\nDeine ${p.document} ist am ${p.expiresOn} abgelaufen. Bis ein erneuerter Nachweis geprüft und freigegeben ist, wirst du in den betroffenen Bundesstaaten nicht gelistet und kannst dort nicht gebucht werden. Bestehende Termine bleiben bestehen.\n${p.link}`,
        };
  }
  return kind === 'reminder'
    ? {
        subject: `Your document expires in ${p.days} ${p.days === 1 ? 'day' : 'days'}`,
        text: `${hello(locale, p.name)}\n\nYour ${p.document} is valid until ${p.expiresOn}. Upload a renewed document in good time to stay listed in every state; it is reviewed before it counts:\n${p.link}`,
      }
    : {
        subject: 'Your document has expired',
        text: `${hello(locale, p.name)}\n\nYour ${p.document} expired on ${p.expiresOn}. Until a renewed document is reviewed and approved, you are not listed, and cannot be booked, in the states it covered. Appointments already booked stay as they are.\n${p.link}`,
      };
}
