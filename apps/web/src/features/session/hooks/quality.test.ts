import { describe, expect, it } from 'vitest';
import { qualityOf } from './use-peer';

describe('the connection-quality hint', () => {
  it('is good below 150 ms and 2 % loss, fair below 400 ms and 8 %, poor beyond; unknown without a round trip', () => {
    expect(qualityOf(undefined, 0)).toBeNull();
    expect(qualityOf(0.02, 0)).toBe('good');
    expect(qualityOf(0.149, 0.019)).toBe('good');
    expect(qualityOf(0.15, 0)).toBe('fair');
    expect(qualityOf(0.05, 0.02)).toBe('fair');
    expect(qualityOf(0.399, 0.079)).toBe('fair');
    expect(qualityOf(0.4, 0)).toBe('poor');
    expect(qualityOf(0.05, 0.08)).toBe('poor');
  });
});
