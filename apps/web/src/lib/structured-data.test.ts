import { describe, expect, it } from 'vitest';
import { jsonLdText } from './structured-data';

describe('jsonLdText', () => {
  it('cannot end its script element or open markup, and parses back to the same value', () => {
    const document = { description: 'Hi </script><script>alert(1)</script> & <!-- \u2028 \u2029 "quoted"' };
    const text = jsonLdText(document);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(document);
  });

  it('leaves other text as JSON writes it', () => {
    expect(jsonLdText({ name: 'Dr Lena Hoffmann', price: '80.00' })).toBe(
      '{"name":"Dr Lena Hoffmann","price":"80.00"}',
    );
  });
});
