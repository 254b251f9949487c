import { defineMessages } from './define.ts';

/** Outcome measures (issue 20). The spec has no questionnaires; these texts are ours. */
export const measureMessages = defineMessages({
  measureAnswersCount: { en: 'Please answer all {count} questions', de: 'Bitte beantworte alle {count} Fragen' },
  measureAnswerRange: {
    en: 'Each answer must be one of the four choices',
    de: 'Jede Antwort muss eine der vier Auswahlmöglichkeiten sein',
  },
  measureClientRequired: {
    en: 'Choose the client to send the questionnaire to',
    de: 'Wähle die Person, der du den Fragebogen schicken möchtest',
  },
  measureKindInvalid: { en: 'Choose PHQ-9 or GAD-7', de: 'Wähle PHQ-9 oder GAD-7' },
  measureScheduleInvalid: { en: 'Choose once or before every session', de: 'Wähle einmalig oder vor jeder Sitzung' },
  measureStatusInvalid: { en: 'Status must be pending or answered', de: 'Der Status muss offen oder beantwortet sein' },
  measureClientUnknown: {
    en: 'This person is not one of your clients',
    de: 'Diese Person gehört nicht zu deinen Klient*innen',
  },
  measureSent: { en: 'Questionnaire sent', de: 'Fragebogen gesendet' },
  measureSeriesStarted: {
    en: 'Your client will get this questionnaire before every session',
    de: 'Deine Klient*in bekommt diesen Fragebogen vor jeder Sitzung',
  },
  measureSeriesRunning: {
    en: 'This questionnaire already goes out before every session',
    de: 'Dieser Fragebogen wird bereits vor jeder Sitzung verschickt',
  },
  measureSeriesStopped: {
    en: 'The questionnaire no longer goes out before sessions',
    de: 'Der Fragebogen wird nicht mehr vor Sitzungen verschickt',
  },
  measureAnswered: {
    en: 'Thank you. Your answers were sent to your therapist.',
    de: 'Danke. Deine Antworten wurden an deine Therapeut*in geschickt.',
  },
  measureAlreadyAnswered: {
    en: 'This questionnaire has already been answered',
    de: 'Dieser Fragebogen wurde bereits beantwortet',
  },
  measureReviewed: { en: 'Marked as seen', de: 'Als gesehen markiert' },
  measureNotAnswered: {
    en: 'This questionnaire has not been answered yet',
    de: 'Dieser Fragebogen wurde noch nicht beantwortet',
  },
});
