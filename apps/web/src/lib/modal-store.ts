import { create } from 'zustand';
import type { Booking, BookingRole } from '@therapy/contracts/bookings';
import type { WorkHistory } from '@therapy/contracts/practice-details';
import type { Review } from '@therapy/contracts/reviews';
import type { ProfileOwner } from './profile-owner';

/**
 * Modals of spec §2 "Modals": only one is open at a time, opening one replaces the others, closing or resetting
 * clears all, default size small. Features open a modal by id, so a feature never imports another feature's modal;
 * src/app/modal-registry.ts maps each id to its lazily loaded component.
 */
export interface ModalProps {
  'update-email': Record<string, never>;
  'delete-account': Record<string, never>;
  'select-country': Record<string, never>;
  preferences: Record<string, never>;
  'non-operating-country': { countryCode: string };
  /** Spec §2 profile picture modals. `src` is an object URL of the chosen file, `type` its MIME type. */
  'image-selection': Record<string, never>;
  'image-crop': { owner: ProfileOwner; src: string; type: string };
  'profile-image': { owner: ProfileOwner; src: string; type: string; blob: Blob; previewSrc: string };
  'avatar-picker': Record<string, never>;
  'delete-picture': Record<string, never>;
  /** Spec §2 "Wallet top-up": amount, method, card checkout or transfer details, "Topup In Progress". */
  'wallet-topup': {
    /** Top up this currency's wallet (a booking's), not the user's own; with `amountMinor`, the amount it lacks. */
    currencyCode?: string;
    amountMinor?: number;
    /** Where the card checkout comes back to (a booking's `/payment/<id>`); the wallet without it. */
    returnTo?: string;
  };
  /** Spec §2 "Employment History": add a work history entry, or edit the one given. */
  'work-history': { entry?: WorkHistory };
  'delete-work-history': { entry: WorkHistory };
  /** Spec §2 "Credential upload": add (no id) or edit (`qualificationId`, from `?id=` on /practice/credentials). */
  'credential-upload': { qualificationId?: string };
  /** Spec §2 "File preview (shown in an iframe)": a signed URL; pdf and images in a frame, doc/docx as a download. */
  'file-preview': { url: string; filename: string; contentType: string };
  // Bookings (issue 15). `role` is the viewer's side of the booking.
  /** Spec §2 "Appointment note and appointment message": the booking's note, read in full. */
  'booking-note': { booking: Booking };
  /** Spec §2 "Cancel booking (client or provider variant)", then "Cancel message" and "Cancel success". */
  'cancel-booking': { booking: Booking; role: BookingRole };
  /** Spec §2 "Reschedule (client or provider variant)", then "Reschedule success". */
  'reschedule-booking': { booking: Booking; role: BookingRole };
  /** Spec §2 "Schedule appointment", then "Schedule success" (a provider's appointment without a time). */
  'schedule-booking': { booking: Booking };
  /** Issue 47: the provider declines a requested booking with a reason and up to 3 other free times. */
  'decline-booking': { booking: Booking };
  /** Accept or reject the other party's reschedule request. */
  'answer-reschedule': { booking: Booking; role: BookingRole };
  /** A provider creates an appointment for one of their clients (POST /appointment). */
  'create-appointment': { clientId?: string };
  /** Mail a booking to an address (POST /share-booking), "Mail Sent Successfully". */
  'share-booking': { booking: Booking };
  /** Write a review of a completed session (review null), or edit it once (spec §2 "Edit Review"). */
  review: { booking: Booking; review: Review | null };
  /** Spec §2 "US state picker": choose a state, then the directory (/therapists?state=XX). */
  'state-picker': { initialState?: string | undefined };
  // Clients and import (issue 17).
  /** Spec §2 "Import Clients": "Email Onboarding/Manual Entry" or "Select CSV File", then "Proceed". */
  'import-clients': Record<string, never>;
  /** Spec §2 "Email import success and manual import success": the message and "Go To Dashboard". */
  'client-import-success': { kind: 'email' | 'manual' };
  // Notes (issue 17). A session note names its booking, a client note its client (the client page's id).
  /** Spec §2 "Session note" / "Client note": choose typing or a file, then the form, then "Note Successfully Added". */
  'note-add': { type: 'booking' | 'client'; reference: string };
  /** Spec §2 edit variants: a full form with a back arrow. */
  'note-edit': { noteId: string };
  /** Spec §2 delete variants ("Delete note"), then "Note deleted" ("Note Successfully Deleted"). */
  'note-delete': { noteId: string; title: string };
  /** Who read, changed or downloaded a note, when and from where. */
  'note-access-log': { noteId: string; title: string };
  /** Issue 47: "Sign and lock", confirmed; then only addenda. */
  'note-sign': { noteId: string; title: string };
  /** Issue 47: a dated addendum to a signed note. */
  'note-addendum': { noteId: string; title: string };
  /** Issue 47: the provider's own note templates. */
  'note-templates': Record<string, never>;
  // Messages (issue 18).
  /** Spec §2 "Delete message": the other side then sees "This message was deleted". */
  'delete-message': { messageId: string; otherName: string };
  // Calendar feed (issue 19).
  /** "Reset the address?": a new private calendar address; the old one stops working. */
  'calendar-feed-reset': Record<string, never>;
  /** "Join the waitlist" on a therapist's page: therapy, session type, dates and times of day. */
  'waitlist-join': {
    providerId: string;
    providerName: string;
    therapies: Array<{ identifier: string; code: string; name: string }>;
    modalities: Array<{ identifier: string; code: string; name: string }>;
  };
  // Care and privacy (issue 20).
  /** A minute before an idle sign-out: "Stay signed in" or "Sign out" (decision 0036). */
  'idle-warning': Record<string, never>;
  /** "Sign out this device?" for one other device (`session`), or for all other devices without it. */
  'device-sign-out': { session?: { identifier: string; device: string } };
}

export type ModalId = keyof ModalProps;
export type ModalSize = 'sm' | 'md' | 'lg';

/** What a registered modal component receives: its own props plus a way to close itself. */
export type ModalComponentProps<K extends ModalId> = ModalProps[K] & { onClose: () => void };

export interface ModalEntry<K extends ModalId = ModalId> {
  id: K;
  props: ModalProps[K];
  size: ModalSize;
}

interface ModalState {
  modals: ModalEntry[];
  /**
   * What had focus when the first of a run of modals opened (a modal that replaces another keeps it): focus returns
   * there when the last one closes (issue 48).
   */
  opener: HTMLElement | null;
  open: <K extends ModalId>(id: K, props?: ModalProps[K], options?: { size?: ModalSize }) => void;
  close: () => void;
  reset: () => void;
}

const focused = (): HTMLElement | null => {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

export const useModalStore = create<ModalState>()((set, get) => ({
  modals: [],
  opener: null,
  open: (id, props, options) => {
    const { modals, opener } = get();
    // Replace, never stack: the spec allows exactly one open modal.
    set({
      modals: [{ id, props: props ?? ({} as ModalProps[typeof id]), size: options?.size ?? 'sm' }],
      opener: modals.length > 0 && opener?.isConnected ? opener : focused(),
    });
  },
  close: () => set({ modals: [] }),
  reset: () => set({ modals: [], opener: null }),
}));

export const openModal: ModalState['open'] = (...args) => useModalStore.getState().open(...args);
export const closeModal = () => useModalStore.getState().close();
