import type { Locale } from '@therapy/contracts/messages';
import type { MailContent } from '../../platform/mail/templates.ts';

/** What an operator decided after the first review (issue 45): on a verified practice's changes, on its listing. */
export type LaterDecision = 'changes_approved' | 'changes_rejected' | 'suspended' | 'reinstated';

interface Params {
  name: string;
  note: string | null;
  link: string;
}

const noteLine = (locale: Locale, note: string | null, reason: boolean) =>
  note
    ? locale === 'de'
      ? `\n\n${reason ? 'Begründung' : 'Notiz der Prüfung'}: ${note}`
      : `\n\n${reason ? 'Reason' : 'Note from the reviewer'}: ${note}`
    : '';

const texts: Record<Locale, Record<LaterDecision, (p: Params) => MailContent>> = {
  en: {
    changes_approved: (p) => ({
      subject: 'The changes to your practice are approved',
      text: `Hello ${p.name},\n\nAn operator reviewed the changes to your practice (licence states, licences or insurance) and approved them. Clients in the states now listed can find and book you.${noteLine('en', p.note, false)}\n\nSee your practice: ${p.link}`,
    }),
    changes_rejected: (p) => ({
      subject: 'The changes to your practice were not approved',
      text: `Hello ${p.name},\n\nAn operator reviewed the changes to your practice and could not approve them. What was not approved is not listed; the rest of your practice stays as it was.${noteLine('en', p.note, true)}\n\nSee what to change: ${p.link}`,
    }),
    suspended: (p) => ({
      subject: 'Your listing is suspended',
      text: `Hello ${p.name},\n\nAn operator suspended your listing: clients cannot find or book you until it is lifted. Appointments already booked stay as they are.${noteLine('en', p.note, true)}\n\nReply to this mail if you have questions. Your practice: ${p.link}`,
    }),
    reinstated: (p) => ({
      subject: 'Your listing is active again',
      text: `Hello ${p.name},\n\nThe suspension of your listing was lifted: clients can find and book you again.${noteLine('en', p.note, false)}\n\nYour practice: ${p.link}`,
    }),
  },
  de: {
    changes_approved: (p) => ({
      subject: 'Die Änderungen an deiner Praxis sind freigegeben',
      text: `Hallo ${p.name},\n\nUnser Team hat die Änderungen an deiner Praxis (Bundesstaaten, Zulassungen oder Versicherung) geprüft und freigegeben. Klient*innen in den nun gelisteten Bundesstaaten können dich finden und buchen.${noteLine('de', p.note, false)}\n\nZu deiner Praxis: ${p.link}`,
    }),
    changes_rejected: (p) => ({
      subject: 'Die Änderungen an deiner Praxis wurden nicht freigegeben',
      text: `Hallo ${p.name},\n\nUnser Team hat die Änderungen an deiner Praxis geprüft und konnte sie nicht freigeben. Was nicht freigegeben wurde, wird nicht gelistet; der Rest deiner Praxis bleibt, wie er war.${noteLine('de', p.note, true)}\n\nWas zu ändern ist: ${p.link}`,
    }),
    suspended: (p) => ({
      subject: 'Dein Eintrag ist gesperrt',
      text: `Hallo ${p.name},\n\nUnser Team hat deinen Eintrag gesperrt: Klient*innen können dich nicht finden oder buchen, bis die Sperre aufgehoben ist. Bereits gebuchte Termine bleiben bestehen.${noteLine('de', p.note, true)}\n\nAntworte auf diese Mail, wenn du Fragen hast. Zu deiner Praxis: ${p.link}`,
    }),
    reinstated: (p) => ({
      subject: 'Dein Eintrag ist wieder aktiv',
      text: `Hallo ${p.name},\n\nDie Sperre deines Eintrags wurde aufgehoben: Klient*innen können dich wieder finden und buchen.${noteLine('de', p.note, false)}\n\nZu deiner Praxis: ${p.link}`,
    }),
  },
};

export const laterDecisionMail = (locale: Locale, kind: LaterDecision, p: Params): MailContent =>
  texts[locale][kind](p);
