import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { en } from '@therapy/contracts/messages';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';

/**
 * The access matrix (issue 12): every operation of the OpenAPI document, called as nobody, as a client, as a provider
 * and as another user whose objects are not the target's, gets the answer class the access core promises: 401 without
 * a token, 403 for the wrong role, 404 for someone else's object, and for the rightful user a success or a validation
 * answer. The operations come from the document, and each must be classified below: a new route fails this test until
 * it is.
 */

type Who = 'public' | 'user' | 'client' | 'provider' | 'operator';
interface Fixtures {
  client: SignedUp;
  provider: SignedUp;
  /** A client and a provider whose objects are not the target's. */
  otherClient: SignedUp;
  otherProvider: SignedUp;
  /** An operator, signed in with email and password (decision 0026). */
  operator: SignedUp;
  walletTransactionId: string;
  paymentId: string;
  paymentReference: string;
  customDayId: string;
  timeslotId: string;
  avatarId: string;
  countryId: string;
  /** A qualification with one file (edited, then deleted) and one with two (a file replaced, one deleted). */
  qualificationId: string;
  qualificationWithFilesId: string;
  qualificationFileId: string;
  insuranceFileId: string;
  experienceId: string;
  /** A requested booking of the client with the provider, and its participant row (booking changes, issue 15). */
  bookingId: string;
  participantId: string;
  /** The provider's notification of that request (issue 47). */
  notificationId: string;
  /** The provider's session notes on that booking: one with a file (read, edited, downloaded), one to delete. */
  noteId: string;
  noteToDeleteId: string;
  /** Issue 47: a signed note (addenda go on it), two of the provider's own templates (one edited, one deleted). */
  signedNoteId: string;
  templateId: string;
  templateToDeleteId: string;
  /** A PHQ-9 the provider sent to the client (issue 20). */
  measureId: string;
  /** Two practice records of the provider (decision 0053): one edited and invited, one deleted. */
  recordId: string;
  recordToDeleteId: string;
  /** The client's conversation with the provider, a message of the client's with a pdf attached, one to delete. */
  conversationId: string;
  messageId: string;
  attachmentId: string;
  messageToDeleteId: string;
  /** The client's data export (issue 20; pending or ready: the download needs the mailed link's signature too). */
  dataExportId: string;
  /** A second signed-in session of the client (another device), which DELETE /user/sessions/{id} ends. */
  clientOtherSessionId: string;
  /** A third session of the client, which sign-out ends (its token ends its session; the others stay). */
  clientSignOutDevice: SignedUp;
}
/** A well-formed unsubscribe token no server signed (decision 0064). */
const FORGED_UNSUBSCRIBE = `reminders.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(22)}`;
interface Rule {
  who: Who;
  /** Path parameters; `owned` says they name the target user's own objects (another user must get 404). */
  params?: (f: Fixtures) => Record<string, string>;
  owned?: boolean;
  /** What the rightful user may get besides 2xx and 400 (e.g. 404 for a public lookup of a made-up id). */
  alsoOk?: number[];
  /** A valid body, where the route checks the body before it looks the object up (another user must still get 404). */
  body?: object;
  /** For a route open to any user (`who: 'user'`) whose objects belong to one kind of user: who the rightful one is. */
  rightful?: 'client' | 'provider';
  /** The rightful caller, where the call must not use the fixtures' own sessions (sign-out ends the caller's). */
  caller?: (f: Fixtures) => SignedUp;
}

const NO_ID = '00000000-0000-7000-8000-000000000000';

const RULES: Record<string, Rule> = {
  // Public: anyone, token or not.
  'GET /api/v1/health': { who: 'public' },
  'GET /api/v1/ready': { who: 'public' },
  'GET /api/v1/app-config': { who: 'public' },
  'POST /api/v1/user/register': { who: 'public' },
  'POST /api/v1/user/login': { who: 'public' },
  'POST /api/v1/user/token/refresh': { who: 'public', alsoOk: [401] },
  'POST /api/v1/user/logout': { who: 'public', caller: (f) => f.clientSignOutDevice },
  'POST /api/v1/user/register/verify': { who: 'public' },
  'POST /api/v1/user/register/request-verification': { who: 'public' },
  'POST /api/v1/user/request-password-reset': { who: 'public' },
  'POST /api/v1/user/password-reset': { who: 'public' },
  'GET /api/v1/region/country': { who: 'public' },
  'GET /api/v1/region/country/{id}/states': { who: 'public', params: (f) => ({ id: f.countryId }) },
  'GET /api/v1/region/country/code/{code}/states': { who: 'public', params: () => ({ code: 'US' }) },
  'GET /api/v1/region/languages': { who: 'public' },
  'GET /api/v1/region/user-timezone': { who: 'public' },
  'GET /api/v1/reference/{list}': { who: 'public', params: () => ({ list: 'religion' }) },
  'GET /api/v1/files/{id}': {
    who: 'public',
    params: () => ({ id: '00000000-0000-0000-0000-000000000000' }),
    alsoOk: [404],
  },
  'GET /api/v1/providers/{providerId}': { who: 'public', params: (f) => ({ providerId: f.provider.userId }) },
  'GET /api/v1/review/provider/{id}': { who: 'public', params: (f) => ({ id: f.provider.userId }) },
  'GET /api/v1/therapists': { who: 'public' },
  'GET /api/v1/therapists/{providerId}': { who: 'public', params: (f) => ({ providerId: f.provider.userId }) },
  'GET /api/v1/providers-availability/{providerId}/timeslot': {
    who: 'public',
    params: (f) => ({ providerId: f.provider.userId }),
  },
  'GET /api/v1/providers-availability/{providerId}/timeslot/{date}': {
    who: 'public',
    params: (f) => ({ providerId: f.provider.userId, date: '2026-03-30' }),
  },
  'POST /api/v1/payment/webhook/{gateway}': { who: 'public', params: () => ({ gateway: 'sandbox' }), alsoOk: [401] },
  'GET /api/v1/payment/sandbox/checkout/{reference}': {
    who: 'public',
    params: (f) => ({ reference: f.paymentReference }),
  },
  // The checkout page's buttons answer with a redirect back to the app; a settled payment refuses a second answer.
  'POST /api/v1/payment/sandbox/checkout/{reference}/pay': {
    who: 'public',
    params: (f) => ({ reference: f.paymentReference }),
    alsoOk: [303, 409],
  },
  'POST /api/v1/payment/sandbox/checkout/{reference}/decline': {
    who: 'public',
    params: (f) => ({ reference: f.paymentReference }),
    alsoOk: [303, 409],
  },
  'POST /api/v1/payment/sandbox/transfer': { who: 'public' },
  'POST /api/v1/payment/sandbox/payouts/{reference}/{outcome}': {
    who: 'public',
    params: () => ({ reference: 'payout-made-up-reference', outcome: 'success' }),
    alsoOk: [404],
  },

  // Any signed-in user: their own account.
  // Either party of a booking (booking changes, issue 15); anyone else gets 404.
  'GET /api/v1/appointment/policy/{id}/cancellation': {
    who: 'user',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
  },
  'GET /api/v1/appointment/policy/{id}/reschedule': { who: 'user', params: (f) => ({ id: f.bookingId }), owned: true },
  'POST /api/v1/appointment/{id}/reschedule-update': {
    who: 'user',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { status: 'accepted' },
    alsoOk: [409],
  },
  'POST /api/v1/appointment/{id}/reschedule-withdraw': {
    who: 'user',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: {},
    alsoOk: [409],
  },
  'GET /api/v1/booking/participant/{id}': { who: 'user', params: (f) => ({ id: f.participantId }), owned: true },
  'GET /api/v1/review/booking/{id}': { who: 'user', params: (f) => ({ id: f.bookingId }), owned: true },
  // The booking is named in the body (set in beforeAll); another user's answers 404.
  'POST /api/v1/share-booking': {
    who: 'user',
    owned: true,
    params: () => ({}),
    body: { bookingIdentifier: 'set in beforeAll', email: 'friend@example.com' },
  },
  'GET /api/v1/user/info': { who: 'user' },
  'POST /api/v1/user/profile/update-password': { who: 'user' },
  'POST /api/v1/user/profile/change-email': { who: 'user' },
  'POST /api/v1/user/profile/validate-email-change': { who: 'user' },
  'GET /api/v1/user/profile/delete-account': { who: 'user' },
  'DELETE /api/v1/user/profile/delete-account': { who: 'user' },
  'PUT /api/v1/user/preferences': { who: 'user' },
  // The device's cookie choice (issue 49, decision 0067): the user's own; analytics.test.ts covers what it decides.
  'PUT /api/v1/user/cookie-consent': {
    who: 'user',
    body: { consent: { analytics: false, advertising: false, personalization: false } },
  },
  'GET /api/v1/user/timezone': { who: 'user' },
  'POST /api/v1/user/timezone': { who: 'user' },
  'GET /api/v1/user/sessions': { who: 'user' },
  'POST /api/v1/user/activity': { who: 'user' },
  // The client's other device: another user gets 404 (and it stays signed in), the client ends it.
  'DELETE /api/v1/user/sessions/{id}': { who: 'user', params: (f) => ({ id: f.clientOtherSessionId }), owned: true },
  // Only the provider calls it here: as the client it would end the other device the route above needs (sessions.test.ts covers a client).
  'DELETE /api/v1/user/sessions': { who: 'user', rightful: 'provider' },
  'GET /api/v1/wallet/balance': { who: 'user' },
  'GET /api/v1/wallet/balances': { who: 'user' },
  'GET /api/v1/wallet/stats': { who: 'user' },
  'GET /api/v1/wallet/earnings': { who: 'provider' },
  'GET /api/v1/provider/earnings': { who: 'provider' },
  'GET /api/v1/wallet/payouts': { who: 'provider' },
  // Without Stripe (as here) the state says it is not available and the link is a 400 (stripe-connect.test.ts has Stripe).
  'GET /api/v1/provider/stripe-connect': { who: 'provider' },
  'POST /api/v1/provider/stripe-connect/link': { who: 'provider' },
  // A party of the booking only (booking-mail.test.ts); the empty body here answers 400.
  'GET /api/v1/wallet/transactions': { who: 'user' },
  'GET /api/v1/wallet/transactions/{id}': { who: 'user', owned: true, params: (f) => ({ id: f.walletTransactionId }) },
  'GET /api/v1/payment/status/{paymentId}': { who: 'user', owned: true, params: (f) => ({ paymentId: f.paymentId }) },
  // Operators only (the access core's operator relation): any other user gets 404, as for any object not theirs;
  // payments.test.ts ("waits for an operator") checks an operator's 200.
  'GET /api/v1/payment/events/attention': { who: 'user', alsoOk: [404] },
  'GET /api/v1/provider-availability/timeslot/{id}': { who: 'user', params: (f) => ({ id: f.timeslotId }) },

  // Clients only.
  'POST /api/v1/booking/{id}/cancel': {
    who: 'client',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { note: 'Something came up' },
    alsoOk: [409],
  },
  'POST /api/v1/booking/{id}/reschedule': {
    who: 'client',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { timeslotIdentifier: 'set in beforeAll' },
    alsoOk: [409],
  },
  'GET /api/v1/booking': { who: 'client' },
  'GET /api/v1/overview/client': { who: 'client' },
  // Reviews (issue 16): the fixture's booking is only requested, so writing and editing answer 400.
  'GET /api/v1/review/participant/{id}': { who: 'client', params: (f) => ({ id: f.participantId }), owned: true },
  'POST /api/v1/review/{id}': {
    who: 'client',
    params: (f) => ({ id: f.participantId }),
    owned: true,
    body: { rating: 5 },
  },
  'PUT /api/v1/review/{id}': {
    who: 'client',
    params: (f) => ({ id: f.participantId }),
    owned: true,
    body: { rating: 5 },
  },
  'POST /api/v1/booking': { who: 'client' },
  'POST /api/v1/booking/series': { who: 'client' },
  'GET /api/v1/booking/{id}': { who: 'client', params: (f) => ({ id: f.bookingId }), owned: true },
  'GET /api/v1/booking/{id}/details': { who: 'client', params: (f) => ({ id: f.bookingId }), owned: true },
  'GET /api/v1/booking/{id}/series': { who: 'client', params: (f) => ({ id: f.bookingId }), owned: true },
  // A requested booking is not payable yet (409); the call carries an Idempotency-Key (call() below).
  'POST /api/v1/booking/{id}/pay': { who: 'client', params: (f) => ({ id: f.bookingId }), owned: true, alsoOk: [409] },
  'POST /api/v1/booking/{id}/schedule': {
    who: 'client',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { timeslotIdentifier: 'set in beforeAll' },
    alsoOk: [409],
  },
  'GET /api/v1/client': { who: 'client' },
  'PUT /api/v1/client': { who: 'client' },
  // The client's own, or their provider's (a booking between them); any other provider or client: 404.
  'GET /api/v1/client/profile/{id}': { who: 'user', owned: true, params: (f) => ({ id: f.client.userId }) },
  'GET /api/v1/client/emergency-contact': { who: 'client' },
  'POST /api/v1/client/emergency-contact': { who: 'client' },
  'GET /api/v1/client/preferences': { who: 'client' },
  'PUT /api/v1/client/preferences': { who: 'client' },
  'GET /api/v1/client/avatars': { who: 'client' },
  'POST /api/v1/client/avatar/{avatarIdentifier}': { who: 'client', params: (f) => ({ avatarIdentifier: f.avatarId }) },
  'POST /api/v1/client/profile-picture': { who: 'client', alsoOk: [406, 415] },
  'DELETE /api/v1/client/profile-picture': { who: 'client' },
  'GET /api/v1/payment/options': { who: 'client' },
  'POST /api/v1/payment/wallet': { who: 'client' },
  'GET /api/v1/virtual-accounts/account': { who: 'client' },
  'POST /api/v1/virtual-accounts/generate': { who: 'client' },

  // Providers only.
  'POST /api/v1/appointment/{id}/cancel': {
    who: 'provider',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { note: 'Something came up' },
    alsoOk: [409],
  },
  'POST /api/v1/appointment/{id}/reschedule': {
    who: 'provider',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
    body: { timeslotIdentifier: 'set in beforeAll' },
    alsoOk: [409],
  },
  'POST /api/v1/appointment/participant/{id}/acknowledge': {
    who: 'provider',
    params: (f) => ({ id: f.participantId }),
    owned: true,
    alsoOk: [409],
  },
  'POST /api/v1/appointment/participant/{id}/reject-booking': {
    who: 'provider',
    params: (f) => ({ id: f.participantId }),
    owned: true,
    body: { reason: 'Fully booked that week' },
    alsoOk: [409],
  },
  // The notification centre (issue 47): any signed-in user has their own; another user's notification is not found.
  'GET /api/v1/notifications': { who: 'user' },
  'GET /api/v1/notifications/unread-count': { who: 'user' },
  'POST /api/v1/notifications/read-all': { who: 'user' },
  'POST /api/v1/notifications/{id}/read': {
    who: 'user',
    rightful: 'provider',
    params: (f) => ({ id: f.notificationId }),
    owned: true,
  },
  'GET /api/v1/appointment': { who: 'provider' },
  'GET /api/v1/overview/provider': { who: 'provider' },
  'GET /api/v1/provider/calendar-view': { who: 'provider' },
  // Her own free times before verification (issue 47): the signed-in provider's only, so no id to try.
  'GET /api/v1/provider/calendar-preview/{date}': { who: 'provider', params: () => ({ date: '2026-03' }) },
  'POST /api/v1/appointment': { who: 'provider' },
  'GET /api/v1/appointment/clients': { who: 'provider' },
  // Another provider's list with the same client is their own (empty), not someone else's object.
  'GET /api/v1/appointment/client/{id}': { who: 'provider', params: (f) => ({ id: f.client.userId }) },
  'GET /api/v1/appointment/{id}': { who: 'provider', params: (f) => ({ id: f.bookingId }), owned: true },
  'GET /api/v1/appointment/settings': { who: 'provider' },
  'PUT /api/v1/appointment/settings': { who: 'provider', body: { requiresApproval: false } },
  'POST /api/v1/booking/participant/{id}/status': {
    who: 'provider',
    params: (f) => ({ id: f.participantId }),
    owned: true,
    body: { status: 'attended' },
    alsoOk: [409],
  },
  'GET /api/v1/provider': { who: 'provider' },
  'POST /api/v1/provider/update/info': { who: 'provider' },
  'POST /api/v1/provider/setup': { who: 'provider' },
  'POST /api/v1/provider/update/photo': { who: 'provider', alsoOk: [406, 415] },
  'GET /api/v1/provider-availability/settings': { who: 'provider' },
  'PUT /api/v1/provider-availability/settings': { who: 'provider' },
  'GET /api/v1/provider/availability-setting': { who: 'provider' },
  'POST /api/v1/provider/availability-setting': { who: 'provider' },
  'GET /api/v1/provider-availability/days/default': { who: 'provider' },
  'POST /api/v1/provider-availability/days/default': { who: 'provider' },
  'GET /api/v1/provider-availability/days/recurring': { who: 'provider' },
  'POST /api/v1/provider-availability/days/recurring': { who: 'provider' },
  'GET /api/v1/provider-availability/days/custom': { who: 'provider' },
  'POST /api/v1/provider-availability/days/custom': { who: 'provider' },
  'DELETE /api/v1/provider-availability/days/custom/{id}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.customDayId }),
  },
  'GET /api/v1/provider/qualification': { who: 'provider' },
  'POST /api/v1/provider/qualification': { who: 'provider' },
  'PUT /api/v1/provider/qualification/{id}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.qualificationId }),
  },
  'DELETE /api/v1/provider/qualification/{id}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.qualificationId }),
  },
  'PUT /api/v1/provider/qualification/{id}/files/{fileId}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.qualificationWithFilesId, fileId: f.qualificationFileId }),
  },
  'DELETE /api/v1/provider/qualification/{id}/files/{fileId}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.qualificationWithFilesId, fileId: f.qualificationFileId }),
  },
  'GET /api/v1/provider/indemnity-insurance': { who: 'provider' },
  'POST /api/v1/provider/indemnity-insurance': { who: 'provider' },
  'DELETE /api/v1/provider/indemnity-insurance/{fileId}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ fileId: f.insuranceFileId }),
  },
  'GET /api/v1/provider/experience': { who: 'provider' },
  'POST /api/v1/provider/experience': { who: 'provider' },
  'PUT /api/v1/provider/experience/{id}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.experienceId }),
    body: {
      companyName: 'Harbor Clinic',
      jobTitle: 'Therapist',
      startDate: '2016-01',
      endDate: null,
      currentlyWorksHere: true,
      description: null,
    },
  },
  'DELETE /api/v1/provider/experience/{id}': { who: 'provider', owned: true, params: (f) => ({ id: f.experienceId }) },
  'GET /api/v1/provider/booking-fee': { who: 'provider' },
  'POST /api/v1/provider/booking-fee/general': { who: 'provider' },
  'POST /api/v1/provider/booking-fee/therapy': { who: 'provider' },
  'GET /api/v1/provider/license-states': { who: 'provider' },
  'POST /api/v1/provider/license-states': { who: 'provider' },
  'GET /api/v1/provider/bank-details': { who: 'provider' },
  'PUT /api/v1/provider/bank-details': { who: 'provider' },
  'GET /api/v1/provider/bank-details/banks': { who: 'provider' },
  'POST /api/v1/provider/bank-details/account-check': { who: 'provider' },
  'GET /api/v1/provider/verification': { who: 'provider' },
  'PUT /api/v1/provider/verification-submission': { who: 'provider' },
  'GET /api/v1/provider/qualification/verification-note': { who: 'provider' },
  // Notes (issue 17): health data, only their author finds them; anyone else (another provider, the client, an
  // operator) gets 404 for a note, a booking's or a client's notes. Writing one is for providers (403).
  'POST /api/v1/note': { who: 'provider' },
  // Messages (issue 18): clients and providers; a conversation, its messages and files only for its two participants.
  'GET /api/v1/messages/chat-list': { who: 'user' },
  'GET /api/v1/messages/contacts': { who: 'user' },
  'GET /api/v1/messages/unread': { who: 'user' },
  'POST /api/v1/messages/conversations': { who: 'user' },
  'GET /api/v1/messages/conversations/{id}': { who: 'user', owned: true, params: (f) => ({ id: f.conversationId }) },
  'POST /api/v1/messages/store': { who: 'user' },
  'PUT /api/v1/messages/{id}/update': {
    who: 'user',
    owned: true,
    params: (f) => ({ id: f.messageId }),
    body: { content: 'Changed' },
  },
  'DELETE /api/v1/messages/{id}': { who: 'user', owned: true, params: (f) => ({ id: f.messageToDeleteId }) },
  'PUT /api/v1/messages/mark-seen': {
    who: 'user',
    owned: true,
    params: () => ({}),
    body: { conversationIdentifier: 'set in beforeAll' },
  },
  'GET /api/v1/messages/{id}/attachments/{attachmentId}': {
    who: 'user',
    owned: true,
    params: (f) => ({ id: f.messageId, attachmentId: f.attachmentId }),
  },
  // Outcome measures (issue 20): a questionnaire is found only by its client and the provider who sent it.
  'POST /api/v1/measures': { who: 'provider' },
  'GET /api/v1/measures': { who: 'user' },
  'GET /api/v1/measures/{id}': { who: 'user', owned: true, params: (f) => ({ id: f.measureId }) },
  'POST /api/v1/measures/{id}/answers': {
    who: 'client',
    owned: true,
    params: (f) => ({ id: f.measureId }),
    body: { answers: [0, 1, 0, 1, 0, 1, 0, 1, 0] },
    alsoOk: [409],
  },
  // A one-time questionnaire link for a client without an account (decision 0053): public, the token is the key.
  'GET /api/v1/measures/links/{token}': { who: 'public', params: () => ({ token: 'x'.repeat(43) }) },
  'POST /api/v1/measures/links/{token}/answers': {
    who: 'public',
    params: () => ({ token: 'x'.repeat(43) }),
    body: { answers: [0, 0, 0, 0, 0, 0, 0, 0, 0] },
  },
  'POST /api/v1/measures/{id}/review': { who: 'provider', owned: true, params: (f) => ({ id: f.measureId }) },
  'GET /api/v1/measures/series': { who: 'provider' },
  'DELETE /api/v1/measures/series/{id}': { who: 'provider', params: () => ({ id: NO_ID }), alsoOk: [404] },
  // The calendar feed (issue 19): one's own address; the feed itself is public, its token the key (a made-up one: 404).
  'GET /api/v1/calendar/feed': { who: 'user' },
  'POST /api/v1/calendar/feed/reset': { who: 'user' },
  // The data export (issue 20): any signed-in user asks for their own; another user's export is 404 whatever the link;
  // the owner without the mailed link's signature gets 400 (the link is not valid).
  'POST /api/v1/user/export': { who: 'user' },
  'GET /api/v1/user/export': { who: 'user' },
  'GET /api/v1/user/export/{id}/download': { who: 'user', params: (f) => ({ id: f.dataExportId }), owned: true },
  'GET /api/v1/calendar/feed/{token}.ics': { who: 'public', params: () => ({ token: 'x'.repeat(56) }), alsoOk: [404] },
  // The video room (issue 19): the booking's two parties only.
  'GET /api/v1/session/{bookingId}/room': { who: 'user', owned: true, params: (f) => ({ bookingId: f.bookingId }) },
  // The waitlist (issue 19): a client's own places and offers (made-up ids: 404 for everyone).
  'GET /api/v1/waitlist': { who: 'client' },
  'POST /api/v1/waitlist': { who: 'client' },
  'DELETE /api/v1/waitlist/{id}': { who: 'client', params: () => ({ id: NO_ID }), alsoOk: [404] },
  'POST /api/v1/waitlist/offers/{id}/accept': { who: 'client', params: () => ({ id: NO_ID }), alsoOk: [404] },
  // Clients and import (issue 17): the fixture's client booked the provider; any other provider does not know them.
  'GET /api/v1/clients': { who: 'provider' },
  'GET /api/v1/clients/relation/{id}': { who: 'provider', params: (f) => ({ id: f.client.userId }), owned: true },
  'POST /api/v1/clients/import/manual': { who: 'provider' },
  'POST /api/v1/clients/import/email': { who: 'provider' },
  'POST /api/v1/clients/import/csv': { who: 'provider' },
  'POST /api/v1/clients/invitations/accept': { who: 'client' },
  'PUT /api/v1/clients/records/{id}': {
    who: 'provider',
    owned: true,
    params: (f) => ({ id: f.recordId }),
    body: { firstName: 'Rita', lastName: 'Record', email: 'rita.record@example.com' },
  },
  'POST /api/v1/clients/records/{id}/invitation': { who: 'provider', owned: true, params: (f) => ({ id: f.recordId }) },
  'DELETE /api/v1/clients/records/{id}': { who: 'provider', owned: true, params: (f) => ({ id: f.recordToDeleteId }) },
  'GET /api/v1/note/booking/{id}': {
    who: 'user',
    rightful: 'provider',
    params: (f) => ({ id: f.bookingId }),
    owned: true,
  },
  'GET /api/v1/note/client/{id}': {
    who: 'user',
    rightful: 'provider',
    params: (f) => ({ id: f.client.userId }),
    owned: true,
  },
  'GET /api/v1/note/{id}': { who: 'user', rightful: 'provider', params: (f) => ({ id: f.noteId }), owned: true },
  'PUT /api/v1/note/{id}': { who: 'user', rightful: 'provider', params: (f) => ({ id: f.noteId }), owned: true },
  'DELETE /api/v1/note/{id}': {
    who: 'user',
    rightful: 'provider',
    params: (f) => ({ id: f.noteToDeleteId }),
    owned: true,
  },
  'GET /api/v1/note/{id}/file': { who: 'user', rightful: 'provider', params: (f) => ({ id: f.noteId }), owned: true },
  'GET /api/v1/note/{id}/access-log': {
    who: 'user',
    rightful: 'provider',
    params: (f) => ({ id: f.noteId }),
    owned: true,
  },
  // The provider's own access log (issue 20): providers only; a client or an operator gets 403.
  'GET /api/v1/practice/access-log': { who: 'provider' },
  'GET /api/v1/practice/access-log/csv': { who: 'provider' },
  // Notes that are records (issue 47): another provider's note or template is not found. The fixture's signed note
  // is signed already (409 for its author).
  'POST /api/v1/note/{id}/sign': {
    who: 'provider',
    params: (f) => ({ id: f.signedNoteId }),
    owned: true,
    alsoOk: [409],
  },
  'POST /api/v1/note/{id}/addendum': {
    who: 'provider',
    params: (f) => ({ id: f.signedNoteId }),
    owned: true,
    body: { content: 'Added later' },
  },
  'GET /api/v1/note-template': { who: 'provider' },
  'POST /api/v1/note-template': { who: 'provider', body: { name: 'Intake', sections: ['Reason'] } },
  'PUT /api/v1/note-template/{id}': {
    who: 'provider',
    params: (f) => ({ id: f.templateId }),
    owned: true,
    body: { name: 'Intake', sections: ['Reason', 'Goals'] },
  },
  'DELETE /api/v1/note-template/{id}': { who: 'provider', params: (f) => ({ id: f.templateToDeleteId }), owned: true },
  // Risk answers to see (issue 47): the provider's own list; another provider's questionnaire is not found.
  'GET /api/v1/measures/risk-review': { who: 'provider' },
  'POST /api/v1/measures/{id}/risk-seen': { who: 'provider', owned: true, params: (f) => ({ id: f.measureId }) },

  // The contact form (issue 49): anyone may write; only operators read the inbox (contact.test.ts covers real ones).
  'POST /api/v1/contact': { who: 'public' },
  // Mail preferences (issue 49, decision 0064): one's own; the one-click unsubscribe is public, a made-up token is a
  // clear 400 (mail-preferences.test.ts covers real and forged ones).
  'GET /api/v1/user/mail-preferences': { who: 'user' },
  'PUT /api/v1/user/mail-preferences': {
    who: 'user',
    body: { reminders: true, messages: true, bookingUpdates: true, marketing: false },
  },
  'POST /api/v1/mail/unsubscribe/{token}': {
    who: 'public',
    params: () => ({ token: FORGED_UNSUBSCRIBE }),
    alsoOk: [404],
  },
  'GET /api/v1/mail/unsubscribe/{token}': {
    who: 'public',
    params: () => ({ token: FORGED_UNSUBSCRIBE }),
    alsoOk: [303],
  },
  'GET /api/v1/operator/contact-messages': { who: 'operator' },
  'POST /api/v1/operator/contact-messages/{id}/answered': {
    who: 'operator',
    params: () => ({ id: NO_ID }),
    alsoOk: [404],
  },

  // Operators only (decision 0022); batches of a made-up id are not found (payout-batches.test.ts covers real ones).
  'GET /api/v1/operator/payouts/due': { who: 'operator' },
  'GET /api/v1/operator/payouts/overview': { who: 'operator' },
  'GET /api/v1/operator/payout-batches': { who: 'operator' },
  'POST /api/v1/operator/payout-batches': { who: 'operator' },
  'GET /api/v1/operator/payout-batches/{id}/file': { who: 'operator', params: () => ({ id: NO_ID }), alsoOk: [404] },
  'POST /api/v1/operator/payout-batches/{id}/paid': { who: 'operator', params: () => ({ id: NO_ID }), alsoOk: [404] },
  'POST /api/v1/operator/payouts/{id}/returned': { who: 'operator', params: () => ({ id: NO_ID }), alsoOk: [404] },
  // Verification review (decision 0026): a practice not under review is not found (verification.test.ts covers real ones).
  'GET /api/v1/operator/verifications': { who: 'operator' },
  'GET /api/v1/operator/verifications/{providerId}': {
    who: 'operator',
    params: (f) => ({ providerId: f.provider.userId }),
    alsoOk: [404],
  },
  'POST /api/v1/operator/verifications/{providerId}/approve': {
    who: 'operator',
    params: (f) => ({ providerId: f.provider.userId }),
    alsoOk: [404],
  },
  'POST /api/v1/operator/verifications/{providerId}/reject': {
    who: 'operator',
    params: (f) => ({ providerId: f.provider.userId }),
    alsoOk: [404],
  },
  // Issue 45: the list of all practices, suspension (practice-review.test.ts covers real ones).
  'GET /api/v1/operator/practices': { who: 'operator' },
  'POST /api/v1/operator/verifications/{providerId}/suspend': {
    who: 'operator',
    params: (f) => ({ providerId: f.provider.userId }),
    alsoOk: [404, 409],
  },
  'POST /api/v1/operator/verifications/{providerId}/reinstate': {
    who: 'operator',
    params: (f) => ({ providerId: f.provider.userId }),
    alsoOk: [404, 409],
  },
};

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

let t: TestApp;
let f: Fixtures;
let operations: Array<{ key: string; method: string; path: string; secured: boolean }>;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-03-23T07:59:00Z');
  const doc = t.app.swagger() as unknown as OpenApiDoc;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) && op.security.length > 0,
      })),
  );

  const [client, provider, otherClient, otherProvider] = [
    await t.signUp('client'),
    await t.signUp('provider', {}, { verified: true }),
    await t.signUp('client'),
    await t.signUp('provider'),
  ];
  // A paid top-up (through the sandbox checkout and its webhook) gives the client a wallet transaction; a second,
  // unpaid one a pending payment.
  const paid = await t.api('POST', '/payment/wallet', client, { amount: 50_000 });
  expect(paid.statusCode, paid.body).toBe(201);
  await t.request({
    method: 'POST',
    url: `/api/v1/payment/sandbox/checkout/${paid.json().data.payment.reference}/pay`,
  });
  const transactions = async () =>
    (await t.api('GET', '/wallet/transactions', client)).json().data as Array<{ identifier: string }>;
  for (let waited = 0; (await transactions()).length === 0; waited += 100) {
    if (waited > 10_000) throw new Error('the paid top-up was not credited');
    await new Promise((r) => setTimeout(r, 100));
  }
  const topup = await t.api('POST', '/payment/wallet', client, { amount: 100_000 });
  expect(topup.statusCode, topup.body).toBe(201);
  await t.api('PUT', '/provider-availability/settings', provider, {
    timezone: 'Europe/Berlin',
    sessionLengthMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeHours: 0,
  });
  const day = await t.api('POST', '/provider-availability/days/custom', provider, {
    date: '2026-03-31',
    isAvailable: false,
    timeSlotsInterval: [],
  });
  expect(day.statusCode, day.body).toBe(201);
  const slots = await t.api('GET', `/providers-availability/${provider.userId}/timeslot/2026-03-30`, undefined);
  const avatars = await t.api('GET', '/client/avatars', client);
  const licence = await uploadDocuments(
    t,
    provider,
    '/provider/qualification',
    { type: 'license', body: 'State Board', credentialNumber: 'AB-1/2' },
    [pdfFile('a.pdf')],
  );
  const diploma = await uploadDocuments(t, provider, '/provider/qualification', { type: 'education', title: 'MSc' }, [
    pdfFile('b.pdf'),
    pdfFile('c.pdf'),
  ]);
  const insurance = await uploadDocuments(
    t,
    provider,
    '/provider/indemnity-insurance',
    {},
    [pdfFile('cover.pdf')],
    'file',
  );
  const job = await t.api('POST', '/provider/experience', provider, {
    companyName: 'Harbor Clinic',
    jobTitle: 'Therapist',
    startDate: '2015-01',
    endDate: null,
    currentlyWorksHere: true,
    description: null,
  });
  for (const res of [licence, diploma, insurance, job]) expect(res.statusCode, res.body).toBe(201);
  const operator = await t.signUpOperator();
  // A fee lists the verified provider in the directory (its entry is rebuilt on the practice's change event).
  expect(
    (await t.api('POST', '/provider/booking-fee/general', provider, { fee: 5000, isFree: false })).statusCode,
  ).toBe(200);
  for (
    let waited = 0;
    (await t.api('GET', `/therapists/${provider.userId}`, undefined)).statusCode !== 200;
    waited += 50
  ) {
    if (waited > 5_000) throw new Error('the provider was not listed');
    await new Promise((r) => setTimeout(r, 50));
  }
  // A requested booking of the client with the provider, inserted as the bookings core would store it.
  const { rows: items } = await t.db.$client.query<{ list: string; identifier: string }>(
    `SELECT DISTINCT ON (list) list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ORDER BY list, sort_order`,
  );
  const itemOf = (list: string) => items.find((i) => i.list === list)!.identifier;
  const { rows: booked } = await t.db.$client.query<{ identifier: string }>(
    `INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, price_amount, currency_code, created_by, client_reschedules_left, provider_reschedules_left)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, 'requested', '2026-04-01T10:00:00Z', '2026-04-01T11:00:00Z', 25000, 'NGN', 'client', 2, 3) RETURNING identifier`,
    [client.userId, provider.userId, itemOf('therapy-category'), itemOf('modality')],
  );
  const { rows: participants } = await t.db.$client.query<{ identifier: string }>(
    `INSERT INTO booking_participants (identifier, booking_id, client_id, status) VALUES (gen_random_uuid(), $1, $2, 'invited') RETURNING identifier`,
    [booked[0]!.identifier, client.userId],
  );
  const sessionNote = await uploadDocuments(
    t,
    provider,
    '/note',
    { type: 'booking', reference: booked[0]!.identifier, title: 'Intake', content: '' },
    [pdfFile('intake.pdf')],
    'file',
  );
  const noteToDelete = await uploadDocuments(
    t,
    provider,
    '/note',
    { type: 'booking', reference: booked[0]!.identifier, title: 'Draft', content: 'To be deleted' },
    [],
    'file',
  );
  const noteToSign = await uploadDocuments(
    t,
    provider,
    '/note',
    { type: 'booking', reference: booked[0]!.identifier, title: 'Signed', content: 'Signed and locked' },
    [],
    'file',
  );
  for (const res of [sessionNote, noteToDelete, noteToSign]) expect(res.statusCode, res.body).toBe(201);
  const signedNoteId = noteToSign.json().data.identifier as string;
  expect((await t.api('POST', `/note/${signedNoteId}/sign`, provider)).statusCode).toBe(200);
  const templates = await Promise.all(
    ['Kept', 'Deleted'].map((name) => t.api('POST', '/note-template', provider, { name, sections: ['Reason'] })),
  );
  for (const res of templates) expect(res.statusCode, res.body).toBe(201);
  const measure = await t.api('POST', '/measures', provider, { clientIdentifier: client.userId, kind: 'PHQ9' });
  expect(measure.statusCode, measure.body).toBe(201);
  const opened = await t.api('POST', '/messages/conversations', client, { participantIdentifier: provider.userId });
  expect(opened.statusCode, opened.body).toBe(201);
  const conversationId = opened.json().data.identifier as string;
  const sent = await uploadDocuments(
    t,
    client,
    '/messages/store',
    { conversationIdentifier: conversationId, content: 'Hello' },
    [pdfFile('letter.pdf')],
    'files',
  );
  const toDelete = await uploadDocuments(
    t,
    client,
    '/messages/store',
    { conversationIdentifier: conversationId, content: 'Typo' },
    [],
    'files',
  );
  for (const res of [sent, toDelete]) expect(res.statusCode, res.body).toBe(201);
  const exported = await t.api('POST', '/user/export', client);
  expect(exported.statusCode, exported.body).toBe(202);
  RULES['PUT /api/v1/messages/mark-seen']!.body = { conversationIdentifier: conversationId };
  const slotId = slots.json().data.items[0].timeSlot[0].identifier as string;
  for (const key of [
    'POST /api/v1/booking/{id}/reschedule',
    'POST /api/v1/appointment/{id}/reschedule',
    'POST /api/v1/booking/{id}/schedule',
  ])
    RULES[key]!.body = { timeslotIdentifier: slotId };
  // The client signs in on a second device.
  const again = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: client.email, password: client.password },
    remoteAddress: '10.200.0.1',
  });
  expect(again.statusCode, again.body).toBe(200);
  const clientSessions = (await t.api('GET', '/user/sessions', client)).json().data as Array<{
    identifier: string;
    current: boolean;
  }>;
  const clientOther = clientSessions.find((s) => !s.current);
  if (!clientOther) throw new Error("the client's second session is not listed");
  // And on a third, which the sign-out call ends (it ends the session of the token it is sent with).
  const third = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: client.email, password: client.password },
    remoteAddress: '10.200.0.2',
  });
  expect(third.statusCode, third.body).toBe(200);
  const clientSignOutDevice: SignedUp = {
    ...client,
    session: third.json().data,
    auth: { authorization: `Bearer ${third.json().data.accessToken as string}` },
    refreshCookie: third.cookies.find((c) => c.name === 'refresh_token')?.value ?? '',
  };
  const record = async (email: string) => {
    const res = await t.api('POST', '/clients/import/manual', provider, {
      firstName: 'Rita',
      lastName: 'Record',
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.identifier as string;
  };
  const recordId = await record('rita@example.com');
  const recordToDeleteId = await record('rolf@example.com');
  f = {
    recordId,
    recordToDeleteId,
    client,
    provider,
    otherClient,
    otherProvider,
    operator,
    walletTransactionId: (await transactions())[0]!.identifier,
    paymentId: topup.json().data.payment.identifier,
    paymentReference: topup.json().data.payment.reference,
    customDayId: day.json().data.identifier,
    timeslotId: slots.json().data.items[0].timeSlot[0].identifier,
    avatarId: avatars.json().data[0].identifier,
    countryId: await t.countryId('US'),
    qualificationId: licence.json().data.identifier,
    qualificationWithFilesId: diploma.json().data.identifier,
    qualificationFileId: diploma.json().data.files[0].identifier,
    insuranceFileId: insurance.json().data.insuranceFiles[0].identifier,
    experienceId: job.json().data.identifier,
    bookingId: booked[0]!.identifier,
    participantId: participants[0]!.identifier,
    // The provider's notification of that request, inserted as the notification centre would make it (issue 47).
    notificationId: (
      await t.db.$client.query<{ id: string }>(
        `INSERT INTO notifications (identifier, recipient_id, kind, booking_id, by) VALUES (gen_random_uuid(), $1, 'booking-requested', $2, 'client') RETURNING identifier AS id`,
        [provider.userId, booked[0]!.identifier],
      )
    ).rows[0]!.id,
    noteId: sessionNote.json().data.identifier,
    noteToDeleteId: noteToDelete.json().data.identifier,
    signedNoteId,
    templateId: templates[0]!.json().data.identifier,
    templateToDeleteId: templates[1]!.json().data.identifier,
    measureId: measure.json().data.measures[0].identifier,
    conversationId,
    messageId: sent.json().data.identifier,
    attachmentId: sent.json().data.attachments[0].identifier,
    messageToDeleteId: toDelete.json().data.identifier,
    dataExportId: exported.json().data.identifier,
    clientOtherSessionId: clientOther.identifier,
    clientSignOutDevice,
  };
  RULES['POST /api/v1/share-booking']!.body = { bookingIdentifier: f.bookingId, email: 'friend@example.com' };
});
afterAll(async () => t.close());

const urlOf = (path: string, params: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(params[name]!);
  });
const call = (
  method: string,
  url: string,
  who: SignedUp | undefined,
  body: object = {},
): Promise<LightMyRequestResponse> =>
  t.request({
    method: method as 'GET',
    url,
    headers: {
      ...(who?.auth ?? {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', 'idempotency-key': 'access-matrix-key-0001' }),
    },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(body) }),
  });
const line = (key: string, who: string, res: LightMyRequestResponse) =>
  `${key} as ${who} -> ${res.statusCode} ${res.statusCode >= 400 ? (res.json() as { code?: string }).code : ''}`.trim();

describe('the access matrix', () => {
  it('classifies every operation of the OpenAPI document (a new route must be added here)', () => {
    expect(operations.map((o) => o.key).sort()).toEqual(Object.keys(RULES).sort());
    // The document's `security` agrees with the table: public operations declare none, the others the bearer token.
    for (const op of operations)
      expect(`${op.key} secured=${op.secured}`).toBe(`${op.key} secured=${RULES[op.key]!.who !== 'public'}`);
  });

  it('nobody: 401 UNAUTHORIZED_ACCESS on every protected operation; public ones answer without a token', async () => {
    for (const op of operations) {
      const rule = RULES[op.key]!;
      const res = await call(op.method, urlOf(op.path, rule.params?.(f) ?? {}), undefined);
      // (A refresh without its cookie is a 401 of its own: the route is public, the missing cookie is the answer.)
      if (rule.who === 'public' && !(rule.alsoOk ?? []).includes(401))
        expect(line(op.key, 'nobody', res)).not.toMatch(/-> (401 UNAUTHORIZED_ACCESS|403)/);
      else if (rule.who === 'public') expect(line(op.key, 'nobody', res)).not.toMatch(/-> 403/);
      else {
        expect(line(op.key, 'nobody', res)).toBe(`${op.key} as nobody -> 401 UNAUTHORIZED_ACCESS`);
        expect(res.json().message).toBe(en.unauthorized);
      }
    }
  });

  it('the wrong role: 403 FORBIDDEN on every client-only, provider-only and operator-only operation', async () => {
    for (const op of operations) {
      const rule = RULES[op.key]!;
      if (rule.who !== 'client' && rule.who !== 'provider' && rule.who !== 'operator') continue;
      const wrong =
        rule.who === 'client'
          ? [f.otherProvider]
          : rule.who === 'provider'
            ? [f.otherClient]
            : [f.otherClient, f.otherProvider];
      for (const who of wrong) {
        const res = await call(op.method, urlOf(op.path, rule.params?.(f) ?? {}), who);
        expect(line(op.key, 'the wrong role', res)).toBe(`${op.key} as the wrong role -> 403 FORBIDDEN`);
      }
    }
  });

  it("another user: 404 NOT_FOUND for the target's objects, whatever their role", async () => {
    const owned = operations.filter((op) => RULES[op.key]!.owned);
    expect(owned.length).toBeGreaterThanOrEqual(4);
    for (const op of owned) {
      const rule = RULES[op.key]!;
      // Where the rightful user is a provider, the booking's own client is someone else too, and so is an operator.
      const others =
        rule.who === 'client'
          ? [f.otherClient]
          : rule.who === 'provider'
            ? [f.otherProvider]
            : rule.rightful === 'provider'
              ? [f.otherClient, f.otherProvider, f.client, f.operator]
              : [f.otherClient, f.otherProvider];
      for (const other of others) {
        const res = await call(op.method, urlOf(op.path, rule.params!(f)), other, rule.body);
        expect(line(op.key, 'another user', res)).toBe(`${op.key} as another user -> 404 NOT_FOUND`);
      }
    }
  });

  it('the rightful user: a success or a validation answer, never 401/403/404', async () => {
    // Last: these calls may change the target's objects (the custom day is deleted).
    for (const op of operations) {
      const rule = RULES[op.key]!;
      const rightful = rule.caller
        ? [rule.caller(f)]
        : rule.rightful
          ? [f[rule.rightful]]
          : rule.who === 'client'
            ? [f.client]
            : rule.who === 'provider'
              ? [f.provider]
              : rule.who === 'operator'
                ? [f.operator]
                : rule.who === 'user' && !rule.owned
                  ? [f.client, f.provider]
                  : [f.client];
      for (const who of rightful) {
        const res = await call(op.method, urlOf(op.path, rule.params?.(f) ?? {}), who);
        const ok =
          (res.statusCode >= 200 && res.statusCode < 300) ||
          res.statusCode === 400 ||
          (rule.alsoOk ?? []).includes(res.statusCode);
        expect(ok, line(op.key, who.session.user.userType, res)).toBe(true);
        if (res.statusCode === 400)
          expect(res.json().code, line(op.key, who.session.user.userType, res)).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
      }
    }
  });
});
