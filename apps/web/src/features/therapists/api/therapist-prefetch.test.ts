import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { therapistDescription } from './therapist-prefetch';
import { providerSummaryQuery, therapistKeys } from './therapists-api';

const providerId = uuid(601);
const summary = {
  identifier: providerId,
  firstName: 'Lena',
  lastName: 'Hoffmann',
  title: 'Dr',
  headline: 'Anxiety and depression (CBT)',
  photoUrl: null,
  therapies: [{ identifier: uuid(602), code: 'individual', name: 'Individual therapy' }],
  modalities: [
    { identifier: uuid(603), code: 'online', name: 'Online' },
    { identifier: uuid(604), code: 'in-person', name: 'In person' },
  ],
};

/** The page's search description (issue 48): the price is the profile's lowest bookable one, with its currency. */
describe('therapistDescription', () => {
  const described = (fee: unknown) => {
    const client = new QueryClient();
    client.setQueryData(providerSummaryQuery(providerId).queryKey, summary as never);
    if (fee !== undefined) client.setQueryData(therapistKeys.profile(providerId), { fee } as never);
    return therapistDescription(client, { providerId });
  };

  it('says the price the card says: from the lowest a client can book', () => {
    expect(described({ amount: 8000, currencyCode: 'EUR', isFree: false, varies: false })).toBe(
      'Dr Lena Hoffmann, Anxiety and depression (CBT): Individual therapy. Online or In person. From €80.00 per session. Book a session on Therapy Finder.',
    );
  });

  it('free only when every therapy is free; no price when nothing can be booked', () => {
    expect(described({ amount: 0, currencyCode: 'EUR', isFree: true, varies: false })).toContain(' Free sessions. ');
    expect(described({ amount: 0, currencyCode: 'EUR', isFree: true, varies: true })).toContain(
      ' From €0.00 per session. ',
    );
    expect(described(null)).toBe(
      'Dr Lena Hoffmann, Anxiety and depression (CBT): Individual therapy. Online or In person. Book a session on Therapy Finder.',
    );
  });
});
