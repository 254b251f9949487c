import { z } from 'zod';
import { m, messageRef } from './messages/index.ts';

/**
 * Outcome measures (issue 20): the PHQ-9 (depression) and the GAD-7 (anxiety), with their standard items and answer
 * scale in English and in the published German versions (PHQ-D, Löwe et al.; they address the reader as "Sie", and a
 * validated instrument keeps its wording), and their published scoring: the sum of the answers (0-3 each) and the
 * severity band of the sum. A PHQ-9 item 9 answer above zero (thoughts of being better off dead or of self-harm) is
 * flagged for the provider whatever the total.
 */
export const measureKinds = ['PHQ9', 'GAD7'] as const;
export type MeasureKind = (typeof measureKinds)[number];
export type Severity = 'minimal' | 'mild' | 'moderate' | 'moderately-severe' | 'severe';

interface Instrument {
  /** The question every item answers, per language. */
  stem: { en: string; de: string };
  items: ReadonlyArray<{ en: string; de: string }>;
  /** Lower bounds of the severity bands, highest first. */
  bands: ReadonlyArray<{ from: number; severity: Severity }>;
}

/** The four answers, scored 0 to 3. */
export const answerScale = [
  { value: 0, en: 'Not at all', de: 'Überhaupt nicht' },
  { value: 1, en: 'Several days', de: 'An einzelnen Tagen' },
  { value: 2, en: 'More than half the days', de: 'An mehr als der Hälfte der Tage' },
  { value: 3, en: 'Nearly every day', de: 'Beinahe jeden Tag' },
] as const;

export const instruments: Record<MeasureKind, Instrument> = {
  PHQ9: {
    stem: {
      en: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
      de: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
    },
    items: [
      { en: 'Little interest or pleasure in doing things', de: 'Wenig Interesse oder Freude an Ihren Tätigkeiten' },
      { en: 'Feeling down, depressed, or hopeless', de: 'Niedergeschlagenheit, Schwermut oder Hoffnungslosigkeit' },
      {
        en: 'Trouble falling or staying asleep, or sleeping too much',
        de: 'Schwierigkeiten ein- oder durchzuschlafen oder vermehrter Schlaf',
      },
      { en: 'Feeling tired or having little energy', de: 'Müdigkeit oder Gefühl, keine Energie zu haben' },
      { en: 'Poor appetite or overeating', de: 'Verminderter Appetit oder übermäßiges Bedürfnis zu essen' },
      {
        en: 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
        de: 'Schlechte Meinung von sich selbst; Gefühl, ein Versager zu sein oder die Familie enttäuscht zu haben',
      },
      {
        en: 'Trouble concentrating on things, such as reading the newspaper or watching television',
        de: 'Schwierigkeiten, sich auf etwas zu konzentrieren, z. B. beim Zeitunglesen oder Fernsehen',
      },
      {
        en: 'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
        de: 'Waren Ihre Bewegungen oder Ihre Sprache so verlangsamt, dass es auch anderen auffallen würde? Oder waren Sie im Gegenteil „zappelig“ oder ruhelos und hatten dadurch einen stärkeren Bewegungsdrang als sonst?',
      },
      {
        en: 'Thoughts that you would be better off dead or of hurting yourself in some way',
        de: 'Gedanken, dass Sie lieber tot wären oder sich Leid zufügen möchten',
      },
    ],
    bands: [
      { from: 20, severity: 'severe' },
      { from: 15, severity: 'moderately-severe' },
      { from: 10, severity: 'moderate' },
      { from: 5, severity: 'mild' },
      { from: 0, severity: 'minimal' },
    ],
  },
  GAD7: {
    stem: {
      en: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
      de: 'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
    },
    items: [
      { en: 'Feeling nervous, anxious, or on edge', de: 'Nervosität, Ängstlichkeit oder Anspannung' },
      {
        en: 'Not being able to stop or control worrying',
        de: 'Nicht in der Lage sein, Sorgen zu stoppen oder zu kontrollieren',
      },
      {
        en: 'Worrying too much about different things',
        de: 'Übermäßige Sorgen bezüglich verschiedener Angelegenheiten',
      },
      { en: 'Trouble relaxing', de: 'Schwierigkeiten zu entspannen' },
      { en: 'Being so restless that it is hard to sit still', de: 'Rastlosigkeit, so dass Stillsitzen schwer fällt' },
      { en: 'Becoming easily annoyed or irritable', de: 'Schnelle Verärgerung oder Gereiztheit' },
      {
        en: 'Feeling afraid, as if something awful might happen',
        de: 'Gefühl der Angst, so als würde etwas Schlimmes passieren',
      },
    ],
    bands: [
      { from: 15, severity: 'severe' },
      { from: 10, severity: 'moderate' },
      { from: 5, severity: 'mild' },
      { from: 0, severity: 'minimal' },
    ],
  },
};

/** PHQ-9 item 9 (index 8): any answer above zero is flagged. */
const SELF_HARM_ITEM = 8;

export interface MeasureScore {
  score: number;
  severity: Severity;
  /** PHQ-9 only: item 9 was answered above zero. */
  selfHarmAlert: boolean;
}

/** The answers of one questionnaire: one whole number from 0 to 3 per item, no more, no fewer. */
export const measureAnswers = (kind: MeasureKind) => {
  const count = instruments[kind].items.length;
  return z.strictObject({
    answers: z
      .array(
        z
          .number({ error: m.measureAnswerRange })
          .int(m.measureAnswerRange)
          .min(0, m.measureAnswerRange)
          .max(3, m.measureAnswerRange),
        { error: messageRef(m.measureAnswersCount, { count }) },
      )
      // A refinement, not `.length`: it runs only on an array, so a wrong type says it once.
      .refine((answers) => answers.length === count, messageRef(m.measureAnswersCount, { count })),
  });
};

/** The published scoring: the sum of the answers and its severity band. Throws on answers the schema refuses. */
export function scoreMeasure(kind: MeasureKind, answers: readonly number[]): MeasureScore {
  const instrument = instruments[kind];
  if (answers.length !== instrument.items.length || answers.some((a) => !Number.isInteger(a) || a < 0 || a > 3)) {
    throw new RangeError(`scoreMeasure: ${kind} takes ${instrument.items.length} answers from 0 to 3`);
  }
  const score = answers.reduce((sum, a) => sum + a, 0);
  const severity = instrument.bands.find((band) => score >= band.from)!.severity;
  return { score, severity, selfHarmAlert: kind === 'PHQ9' && answers[SELF_HARM_ITEM]! > 0 };
}

/* ---- The API's shapes (issue 20) ---- */

export const severities = [
  'minimal',
  'mild',
  'moderate',
  'moderately-severe',
  'severe',
] as const satisfies readonly Severity[];
/** Once now, or one before every session the client has with the provider from now on (a series). */
export const measureSchedules = ['once', 'before-each-session'] as const;
export type MeasureSchedule = (typeof measureSchedules)[number];
export const measureStatuses = ['pending', 'answered'] as const;

/** A provider sends a questionnaire to one of their clients (the client's user identifier, as in `GET /user/info`). */
export const sendMeasureInput = z.strictObject({
  clientIdentifier: z.uuid({ error: m.measureClientRequired }),
  kind: z.enum(measureKinds, { error: m.measureKindInvalid }),
  schedule: z.enum(measureSchedules, { error: m.measureScheduleInvalid }).default('once'),
});
export type SendMeasureInput = z.input<typeof sendMeasureInput>;

export const measureListQuery = z.strictObject({
  clientIdentifier: z.uuid({ error: m.notFound }).optional(),
  status: z.enum(measureStatuses, { error: m.measureStatusInvalid }).optional(),
});
export type MeasureListQuery = z.infer<typeof measureListQuery>;

/** The answers with their published score; sealed at rest, shown only to the client and the provider who sent it. */
export const measureResult = z.object({
  answers: z.array(z.number().int()),
  score: z.number().int(),
  severity: z.enum(severities),
  selfHarmAlert: z.boolean(),
});
export type MeasureResult = z.infer<typeof measureResult>;

export const measure = z.object({
  identifier: z.uuid(),
  kind: z.enum(measureKinds),
  clientIdentifier: z.uuid(),
  clientName: z.string().nullable(),
  providerIdentifier: z.uuid(),
  providerName: z.string().nullable(),
  /** Sent as part of "before every session": the session it comes before. */
  bookingIdentifier: z.uuid().nullable(),
  sessionStartsAt: z.iso.datetime({ offset: true }).nullable(),
  beforeEachSession: z.boolean(),
  status: z.enum(measureStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the provider marked the result seen (a PHQ-9 item-9 alert stays raised until then). */
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  result: measureResult.nullable(),
});
export type Measure = z.infer<typeof measure>;

export const measureSeries = z.object({
  identifier: z.uuid(),
  kind: z.enum(measureKinds),
  clientIdentifier: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MeasureSeries = z.infer<typeof measureSeries>;

export const measureSent = z.object({ measures: z.array(measure), series: measureSeries.nullable() });
export type MeasureSent = z.infer<typeof measureSent>;

/** The answers' body of `POST /measures/{id}/answers`: its length depends on the kind, checked by `measureAnswers(kind)`. */
export const measureAnswersBody = z.strictObject({ answers: z.array(z.unknown(), { error: m.measureAnswerRange }) });

/** A one-time questionnaire link for a client without an account lasts this long (decision 0053). */
export const MEASURE_LINK_DAYS = 14;
/** GET/POST /measures/links/{token}: the mailed link's token. */
export const measureLinkParams = z.strictObject({
  token: z.string().min(20, m.measureLinkInvalid).max(200, m.measureLinkInvalid),
});
/** What the public page shows before the answers: which questionnaire, from whom. */
export const measureLinkView = z.object({
  kind: z.enum(measureKinds),
  providerName: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type MeasureLinkView = z.infer<typeof measureLinkView>;
