import { describe, expect, it } from 'vitest';
import { en, localize } from './messages/index.ts';
import { instruments, measureAnswers, scoreMeasure, type MeasureKind } from './measures.ts';

/** Answers that sum to `total`, filled from the first item (3 each), for the given instrument. */
function answersFor(kind: MeasureKind, total: number, last = 0): number[] {
  const count = instruments[kind].items.length;
  const answers = Array.from({ length: count }, () => 0);
  let left = total - last;
  for (let i = 0; i < count - 1 && left > 0; i += 1) {
    answers[i] = Math.min(3, left);
    left -= answers[i]!;
  }
  answers[count - 1] = last;
  if (left !== 0) throw new Error(`cannot make ${total} with item ${count} = ${last}`);
  return answers;
}

describe('PHQ-9 scoring (published bands: 0-4, 5-9, 10-14, 15-19, 20-27)', () => {
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'moderately-severe'],
    [19, 'moderately-severe'],
    [20, 'severe'],
    [27, 'severe'],
  ] as const)('a total of %i is %s', (total, severity) => {
    const last = total === 27 ? 3 : 0;
    expect(scoreMeasure('PHQ9', answersFor('PHQ9', total, last))).toEqual({
      score: total,
      severity,
      selfHarmAlert: last > 0,
    });
  });

  it('flags item 9 above zero whatever the total, and only item 9', () => {
    expect(scoreMeasure('PHQ9', [0, 0, 0, 0, 0, 0, 0, 0, 1])).toEqual({
      score: 1,
      severity: 'minimal',
      selfHarmAlert: true,
    });
    expect(scoreMeasure('PHQ9', [3, 3, 3, 3, 3, 3, 3, 3, 0]).selfHarmAlert).toBe(false);
  });
});

describe('GAD-7 scoring (published bands: 0-4, 5-9, 10-14, 15-21)', () => {
  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
    [21, 'severe'],
  ] as const)('a total of %i is %s', (total, severity) => {
    const last = total === 21 ? 3 : 0;
    expect(scoreMeasure('GAD7', answersFor('GAD7', total, last))).toEqual({
      score: total,
      severity,
      selfHarmAlert: false,
    });
  });
});

describe('answers', () => {
  it('have the standard items in both languages: 9 for the PHQ-9, 7 for the GAD-7', () => {
    expect(instruments.PHQ9.items).toHaveLength(9);
    expect(instruments.GAD7.items).toHaveLength(7);
    for (const item of [...instruments.PHQ9.items, ...instruments.GAD7.items]) expect(item.en && item.de).toBeTruthy();
  });

  it('refuse a wrong count and answers out of range, with their messages; scoring refuses them too', () => {
    const issues = (kind: MeasureKind, answers: unknown) => {
      const parsed = measureAnswers(kind).safeParse({ answers });
      return parsed.success ? [] : parsed.error.issues.map((i) => localize(i.message, 'en'));
    };
    expect(issues('PHQ9', [0, 1, 2, 3, 0, 1, 2, 3, 0])).toEqual([]);
    expect(issues('PHQ9', [0, 1, 2])).toEqual(['Please answer all 9 questions']);
    expect(issues('GAD7', [0, 1, 2, 3, 0, 1, 2, 3])).toEqual(['Please answer all 7 questions']);
    expect(issues('GAD7', [0, 1, 2, 4, 0, 1, 2])).toEqual([en.measureAnswerRange]);
    expect(issues('GAD7', [0, 1, 2, -1, 0, 1, 2])).toEqual([en.measureAnswerRange]);
    expect(issues('GAD7', [0, 1, 2, 1.5, 0, 1, 2])).toEqual([en.measureAnswerRange]);
    expect(issues('GAD7', 'all good')).toEqual(['Please answer all 7 questions']);
    expect(() => scoreMeasure('GAD7', [0, 1, 2, 4, 0, 1, 2])).toThrow(RangeError);
    expect(() => scoreMeasure('PHQ9', [0])).toThrow(RangeError);
  });
});
