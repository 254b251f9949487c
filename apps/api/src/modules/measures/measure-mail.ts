import type { Locale } from '@therapy/contracts/messages';

/**
 * The mails of questionnaires (issue 20), en and de. A mail is not a safe place for health data: it never names the
 * questionnaire, an answer or a score, only who asks and where to go.
 */
export const measureMailTexts = {
  requested: {
    en: (p: { name: string; from: string; link: string }) => ({
      subject: `${p.from} asks you to fill in a short questionnaire`,
      text: `Hello ${p.name},\n\n${p.from} asks you to fill in a short questionnaire about how you have been over the last two weeks. It takes about two minutes, and only you and ${p.from} see your answers.\n\nFill it in: ${p.link}`,
    }),
    de: (p: { name: string; from: string; link: string }) => ({
      subject: `${p.from} bittet dich, einen kurzen Fragebogen auszufüllen`,
      text: `Hallo ${p.name},\n\n${p.from} bittet dich, einen kurzen Fragebogen dazu auszufüllen, wie es dir in den letzten zwei Wochen ging. Das dauert etwa zwei Minuten, und nur du und ${p.from} sehen deine Antworten.\n\nZum Fragebogen: ${p.link}`,
    }),
  },
  needsAttention: {
    en: (p: { name: string; client: string; link: string }) => ({
      subject: `An answer of ${p.client} needs your attention`,
      text: `Hello ${p.name},\n\n${p.client} has answered a questionnaire, and one of the answers needs your attention soon.\n\nSee it: ${p.link}`,
    }),
    de: (p: { name: string; client: string; link: string }) => ({
      subject: `Eine Antwort von ${p.client} braucht deine Aufmerksamkeit`,
      text: `Hallo ${p.name},\n\n${p.client} hat einen Fragebogen beantwortet, und eine der Antworten braucht bald deine Aufmerksamkeit.\n\nAnsehen: ${p.link}`,
    }),
  },
} satisfies Record<string, Record<Locale, (p: never) => { subject: string; text: string }>>;
