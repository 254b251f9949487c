import type common from '../locales/en/common.json';
import type landing from '../locales/en/landing.json';
import type auth from '../locales/en/auth.json';
import type account from '../locales/en/account.json';
import type location from '../locales/en/location.json';
import type dashboard from '../locales/en/dashboard.json';
import type appointments from '../locales/en/appointments.json';
import type policy from '../locales/en/policy.json';
import type profile from '../locales/en/profile.json';
import type practice from '../locales/en/practice.json';
import type picture from '../locales/en/picture.json';
import type availability from '../locales/en/availability.json';
import type therapists from '../locales/en/therapists.json';
import type wallet from '../locales/en/wallet.json';
import type bankDetails from '../locales/en/bankDetails.json';
import type legal from '../locales/en/legal.json';
import type practiceDetails from '../locales/en/practice-details.json';
import type credentials from '../locales/en/credentials.json';
import type files from '../locales/en/files.json';
import type verification from '../locales/en/verification.json';
import type operator from '../locales/en/operator.json';
import type bookingChanges from '../locales/en/booking-changes.json';
import type slotPicker from '../locales/en/slot-picker.json';
import type reviews from '../locales/en/reviews.json';
import type directory from '../locales/en/directory.json';
import type homeListing from '../locales/en/home-listing.json';
import type clients from '../locales/en/clients.json';
import type notes from '../locales/en/notes.json';
import type chat from '../locales/en/chat.json';
import type calendar from '../locales/en/calendar.json';
import type session from '../locales/en/session.json';
import type waitlist from '../locales/en/waitlist.json';
import type idle from '../locales/en/idle.json';
import type devices from '../locales/en/devices.json';

// Typed keys: a `t('auth:missing.key')` fails the type check instead of showing a raw key to users.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      auth: typeof auth;
      account: typeof account;
      location: typeof location;
      dashboard: typeof dashboard;
      appointments: typeof appointments;
      policy: typeof policy;
      profile: typeof profile;
      practice: typeof practice;
      picture: typeof picture;
      availability: typeof availability;
      therapists: typeof therapists;
      wallet: typeof wallet;
      bankDetails: typeof bankDetails;
      legal: typeof legal;
      'practice-details': typeof practiceDetails;
      credentials: typeof credentials;
      files: typeof files;
      verification: typeof verification;
      operator: typeof operator;
      'booking-changes': typeof bookingChanges;
      'slot-picker': typeof slotPicker;
      reviews: typeof reviews;
      directory: typeof directory;
      'home-listing': typeof homeListing;
      clients: typeof clients;
      notes: typeof notes;
      chat: typeof chat;
      calendar: typeof calendar;
      session: typeof session;
      waitlist: typeof waitlist;
      idle: typeof idle;
      devices: typeof devices;
    };
  }
}
