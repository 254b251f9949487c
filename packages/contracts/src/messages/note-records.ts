import { defineMessages } from './define.ts';

/**
 * Notes that are records (issue 47): templates, signing, addenda, and the risk answers a provider has to see.
 * The spec gives none of these texts; they are ours (decision 0056).
 */
export const noteRecordMessages = defineMessages({
  noteSigned: { en: 'Note signed and locked', de: 'Notiz unterschrieben und gesperrt' },
  noteSignedLocked: {
    en: 'This note is signed and locked: it can no longer be changed or deleted. Add an addendum instead.',
    de: 'Diese Notiz ist unterschrieben und gesperrt: Sie kann nicht mehr geändert oder gelöscht werden. Füge stattdessen einen Nachtrag hinzu.',
  },
  noteAlreadySigned: { en: 'This note is already signed', de: 'Diese Notiz ist bereits unterschrieben' },
  noteAddendumNeedsSignature: {
    en: 'Addenda can be added to signed notes only',
    de: 'Nachträge sind nur zu unterschriebenen Notizen möglich',
  },
  noteAddendumAdded: { en: 'Addendum added', de: 'Nachtrag hinzugefügt' },
  noteAddendumRequired: { en: 'Addendum is required', de: 'Der Nachtrag ist erforderlich' },
  noteAddendumMax: {
    en: 'Addendum must be at most 4000 characters',
    de: 'Der Nachtrag darf höchstens 4000 Zeichen haben',
  },
  noteTemplateInvalid: { en: 'Choose a template', de: 'Wähle eine Vorlage' },
  noteSectionsInvalid: {
    en: 'Fill in the sections of the template',
    de: 'Fülle die Abschnitte der Vorlage aus',
  },
  noteSectionsRequired: {
    en: 'Write in at least one section',
    de: 'Schreibe in mindestens einen Abschnitt',
  },
  noteSectionMax: {
    en: 'A section must be at most 4000 characters',
    de: 'Ein Abschnitt darf höchstens 4000 Zeichen haben',
  },
  noteSectionsTotalMax: {
    en: 'All sections together must be at most 4000 characters',
    de: 'Alle Abschnitte zusammen dürfen höchstens 4000 Zeichen haben',
  },
  templateCreated: { en: 'Template saved', de: 'Vorlage gespeichert' },
  templateUpdated: { en: 'Template updated', de: 'Vorlage aktualisiert' },
  templateDeleted: { en: 'Template deleted', de: 'Vorlage gelöscht' },
  templateNameRequired: { en: 'Template name is required', de: 'Der Name der Vorlage ist erforderlich' },
  templateNameMin: {
    en: 'Template name must be at least 3 characters',
    de: 'Der Name der Vorlage muss mindestens 3 Zeichen haben',
  },
  templateNameMax: {
    en: 'Template name must be at most 60 characters',
    de: 'Der Name der Vorlage darf höchstens 60 Zeichen haben',
  },
  templateSectionsMin: {
    en: 'A template needs at least one section',
    de: 'Eine Vorlage braucht mindestens einen Abschnitt',
  },
  templateSectionsMax: {
    en: 'A template can have at most 10 sections',
    de: 'Eine Vorlage kann höchstens 10 Abschnitte haben',
  },
  templateSectionRequired: {
    en: 'Section heading is required',
    de: 'Die Überschrift des Abschnitts ist erforderlich',
  },
  templateSectionMax: {
    en: 'Section heading must be at most 60 characters',
    de: 'Die Überschrift des Abschnitts darf höchstens 60 Zeichen haben',
  },
  templateLimit: {
    en: 'You can keep at most 50 templates',
    de: 'Du kannst höchstens 50 Vorlagen anlegen',
  },
  riskMarkedSeen: {
    en: 'The risk answer is marked as seen',
    de: 'Die Risiko-Antwort ist als gesehen markiert',
  },
});
