import type { EndpointDefinition } from '../endpoint.ts';
import * as accessLog from './access-log.ts';
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as availability from './availability.ts';
import * as bankDetails from './bank-details.ts';
import * as bookings from './bookings.ts';
import * as calendar from './calendar.ts';
import * as calendarView from './calendar-view.ts';
import * as rooms from './rooms.ts';
import * as waitlist from './waitlist.ts';
import * as reviews from './reviews.ts';
import * as directory from './directory.ts';
import * as clientProfile from './client-profile.ts';
import * as clients from './clients.ts';
import * as consent from './consent.ts';
import * as contact from './contact.ts';
import * as mailPreferences from './mail-preferences.ts';
import * as credentials from './credentials.ts';
import * as measures from './measures.ts';
import * as dataExport from './data-export.ts';
import * as messages from './messages.ts';
import * as notes from './notes.ts';
import * as notifications from './notifications.ts';
import * as noteRecords from './note-records.ts';
import * as riskReview from './risk-review.ts';
import * as ops from './ops.ts';
import * as payouts from './payouts.ts';
import * as practiceDetails from './practice-details.ts';
import * as providerProfile from './provider-profile.ts';
import * as regions from './regions.ts';
import * as stripeConnect from './stripe-connect.ts';
import * as verification from './verification.ts';
import * as wallet from './wallet.ts';

/**
 * Every endpoint of the API, for what needs them all: the OpenAPI document, the route coverage test, the web tests'
 * mock check. Modules and the web import one endpoint from its own file, not from here.
 */
export const endpointModules = {
  ops,
  auth,
  account,
  consent,
  contact,
  mailPreferences,
  regions,
  clientProfile,
  providerProfile,
  availability,
  wallet,
  payouts,
  stripeConnect,
  practiceDetails,
  bankDetails,
  credentials,
  verification,
  bookings,
  reviews,
  directory,
  notes,
  noteRecords,
  riskReview,
  clients,
  messages,
  calendar,
  calendarView,
  rooms,
  waitlist,
  measures,
  accessLog,
  dataExport,
  notifications,
};

export const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'operationId' in value &&
  'responses' in value;

export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpointModules).flatMap((m) =>
  Object.values(m).filter(isEndpoint),
);

/** The tags of the document, with the line each gets there. */
export const endpointTags: Record<string, string> = {
  ops: 'Health, readiness and deployment facts',
  auth: 'Sign-up, sign-in, sessions, email verification and password reset',
  user: "The signed-in user's own account",
  regions: 'Countries, states, languages and time zones',
  reference: 'Seeded pick lists',
  files: 'Files behind short-lived signed URLs',
  client: "A client's own profile, emergency contact, preferences and picture",
  provider: "A provider's own profile, and the public provider summary",
  availability: "A provider's calendar, and the bookable slots clients see",
  wallet: 'Wallet balance and transactions, top-ups, payment status, gateway webhooks',
  payouts: 'Operator payout batches for currencies the gateway does not pay out (decision 0022)',
  bookings: 'Bookings (client) and appointments (provider): book, pay, cancel, reschedule, schedule, share',
  directory: 'The therapist directory: verified therapists by US state, filtered and searched',
  reviews: "Reviews of completed sessions: write once, edit once; a provider's reviews with their average",
  clients:
    "A provider's clients: who booked them, whom they imported (by hand, by mail, from a CSV file), and invitations",
  messages: 'Chat between clients and their providers: conversations, messages with attachments, edit, delete, seen',
  waitlist: "A client's places on providers' waitlists, and the freed slots offered from them",
  measures:
    'Outcome measures: PHQ-9 and GAD-7 questionnaires a provider sends and their client answers, scored on the server',
  rooms:
    "An online booking's 1:1 video room: who may join and when, and the ICE servers (signals go over the WebSocket)",
  calendar: 'A private calendar subscription address (iCalendar feed) of your bookings',
  'access-log':
    "A provider's access log: who read or changed their notes and their clients' records, when and from where",
  notes:
    "A provider's session and client notes: health data, encrypted at rest, readable only by their author, every access logged",
  verification: "A provider's set-up checklist and submission, and the operators' review queue (decision 0026)",
  notifications: 'The notification centre: what happened to your bookings that you must act on or know (issue 47)',
  consent: "The signed-in user's cookie choice, which decides whether conversion events are sent (issue 49)",
  contact: "The public contact form, and the operators' inbox of its messages (issue 49)",
  mail: 'Mail preferences per kind of notification mail, and the one-click unsubscribe of their List-Unsubscribe header',
  'payment-sandbox': "The sandbox gateway's checkout and transfer simulator (outside production)",
};
