import { defineMessages } from './define.ts';

/** Outcome measures (issue 20). The spec has no questionnaires; these texts are ours. */
export const measureMessages = defineMessages({
  measureAnswersCount: { en: 'Please answer all {count} questions', de: 'Bitte beantworte alle {count} Fragen' },
  measureAnswerRange: { en: 'Each answer must be one of the four choices', de: 'Jede Antwort muss eine der vier Auswahlmöglichkeiten sein' },
});
