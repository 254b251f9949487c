import { defineMessages } from './define.ts';

/** The provider's access log (issue 20). The spec has no access log; these texts are ours. */
export const accessLogMessages = defineMessages({
  accessLogRecordTypeInvalid: {
    en: 'Choose notes, questionnaires or client records',
    de: 'Wähle Notizen, Fragebögen oder Akten von Klient*innen',
  },
  accessLogClientInvalid: { en: 'Choose a client from your list', de: 'Wähle eine Person aus deiner Liste' },
  accessLogPageSizeMax: { en: 'Show at most 100 entries per page', de: 'Zeige höchstens 100 Einträge pro Seite' },
});
