/** Business constants of spec §9 and DESIGN.md §6, shared by API and web. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const LOGIN_PASSWORD_MAX = 64;
export const NAME_MAX = 32;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 13;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_TRIES = 5;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const VERIFY_TOKEN_TTL_HOURS = 48;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const TOAST_DURATION_MS = 4000;
export const PAGE_INITIAL_PROPS_TIMEOUT_MS = 5000;
export const BOOKING_LIST_STALE_MS = 60_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const REFUND_CUTOFF_HOURS = 48;
export const MIN_TOPUP_MAJOR: Record<string, number> = { NGN: 500, GBP: 5 };
export const MIN_TOPUP_MAJOR_DEFAULT = 5;
/** The largest single top-up (minor units): 10 million of the main unit; anything above is a typo or an attack. */
export const MAX_TOPUP_MINOR = 1_000_000_000;
/** Spec §9: payment status poll every 5 s; the pending pop-up cycles every 350 ms and hints after 15 s. */
export const PAYMENT_POLL_MS = 5000;
export const PENDING_ANIMATION_MS = 350;
export const PENDING_HINT_AFTER_MS = 15_000;
export const DEFAULT_CONVERSION_CURRENCY = 'NGN';
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_IMAGE_MIN_PX = 200;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MONTH_MIN = '1900-01';
export const MONTH_MAX = '2099-12';
export const DEFAULT_SLOT = { startTime: '09:00', endTime: '18:00' } as const;
/** Availability (DESIGN.md §6): "about 2 months" ahead, session 60 min, no buffer, 12 h notice; spec §9 skeleton of 4. */
export const AVAILABILITY_HORIZON_DAYS = 60;
export const DEFAULT_SESSION_MINUTES = 60;
export const DEFAULT_BUFFER_MINUTES = 0;
export const DEFAULT_NOTICE_HOURS = 12;
export const SESSION_MINUTES_MIN = 15;
/** Any whole minutes from 15 to 180, and a gap of 0 to 120 whole minutes after each session (decision 0054). */
export const SESSION_MINUTES_MAX = 180;
export const BUFFER_MINUTES_MAX = 120;
export const NOTICE_HOURS_MAX = 168;
export const SLOT_SKELETON_COUNT = 4;

export const userTypes = ['client', 'provider'] as const;
export type UserType = (typeof userTypes)[number];

export const cookieNames = {
  userType: 'userType',
  accountActive: 'accountActive',
  countryCode: 'X-CountryCode',
  locale: 'X-Locale',
  language: 'X-Language',
  ignoreOperatingCountryPrompt: 'ignoreOperatingCountryPrompt',
  cookieConsent: 'cookie-consent',
  refreshToken: 'refresh_token',
} as const;

/** Error codes of the error envelope (DESIGN.md §5). */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED_ACCESS',
  /** The session ended after the idle window without activity (decision 0036): sign in again. */
  'SESSION_IDLE',
  'FORBIDDEN',
  /** The operation needs a verified email address (accepting an invitation sent to it): verify first. */
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVALID_CODE',
  'INVALID_TOKEN',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'BAD_REQUEST',
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  /** A link that worked once and no longer does (a data export's download link after its 24 hours): 410. */
  'LINK_EXPIRED',
  'PAYMENT_GATEWAY_ERROR',
  'INTERNAL_ERROR',
  /** The database is briefly out of reach (a dropped connection, a restart): 503 with Retry-After, try again soon. */
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
/** Work history texts (decision 0023; the spec gives no limits). */
export const WORK_COMPANY_MAX = 100;
export const WORK_TITLE_MAX = 100;
export const WORK_DESCRIPTION_MAX = 1000;
/**
 * A session fee is at most 10,000,000 in the main unit (1,000,000,000 minor units), as a top-up is: far above any
 * real session fee in the four currencies (NGN included), a safe integer in JavaScript, and well inside the bigint
 * column and the ledger's amounts (decision 0023).
 */
export const FEE_MAX_MINOR = 1_000_000_000;
/** Bookings (spec §5, §6, §9; DESIGN.md §6 "Bookings", "Cancel and reschedule"). */
export const BOOKING_NOTE_MAX = 400;
export const CANCEL_NOTE_MAX = 400;
/** Issue 47: a provider's reason for declining a requested booking (sealed at rest like a cancel note). */
export const DECLINE_REASON_MAX = 400;
/** Issue 47: other free times a provider may suggest when declining. */
export const DECLINE_SUGGESTIONS_MAX = 3;
/** Issue 47: the client is reminded this many hours before an unpaid booking's hold ends (once per hold). */
export const HOLD_REMINDER_HOURS = 3;
/** An unpaid `pending` booking holds its slot this long, then expires. */
export const BOOKING_HOLD_MINUTES = 30;
/** A client may hold at most this many unpaid `pending` bookings. */
export const MAX_UNPAID_PENDING = 3;
/** A weekly series: 2 to 12 occurrences, booked all or nothing. */
export const SERIES_MIN = 2;
export const SERIES_MAX = 12;
/** Reschedules per booking: client 2, provider 3. */
export const CLIENT_RESCHEDULES = 2;
export const PROVIDER_RESCHEDULES = 3;
/** Inside this many hours before a confirmed session, a reschedule is a request the other party accepts or rejects. */
export const RESCHEDULE_APPROVAL_HOURS = 48;
/** Reminder mails this many hours before a confirmed session. */
export const REMINDER_HOURS = [24, 1] as const;

// Reviews (spec §5 "Comment", §9; DESIGN.md §6 "Reviews"; issue 16).
export const REVIEW_RATING_MIN = 0.5;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MIN = 5;
export const REVIEW_COMMENT_MAX = 2500;
/** A review is edited at most once (spec §2 "Edit Review", §9). */
export const REVIEW_EDITS = 1;
/** After saving an edit the modal waits this long before it closes and the review is refetched (spec §4, §9). */
export const REVIEW_CLOSE_DELAY_MS = 2000;
