import type { ComponentType } from 'react';
import type { Namespace } from '@/lib/i18n';
import type { ModalComponentProps, ModalId } from '@/lib/modal-store';

interface ModalDefinition<K extends ModalId> {
  /** Translation namespaces the modal needs, loaded with its code so it never renders raw keys. */
  ns: Namespace[];
  load: () => Promise<ComponentType<ModalComponentProps<K>>>;
}

/**
 * Every modal id and where its component lives. Modals load on first open, so none of them (nor Radix) weighs on
 * the landing page. Features open modals through the store by id and never import each other's modal files.
 */
export const modalRegistry: { [K in ModalId]: ModalDefinition<K> } = {
  'update-email': {
    ns: ['account'],
    load: () => import('@/features/account/modals/update-email-modal').then((m) => m.UpdateEmailModal),
  },
  'delete-account': {
    ns: ['account'],
    load: () => import('@/features/account/modals/delete-account-modal').then((m) => m.DeleteAccountModal),
  },
  'select-country': {
    ns: ['location'],
    load: () => import('@/features/location/modals/select-country-modal').then((m) => m.SelectCountryModal),
  },
  preferences: {
    ns: ['location'],
    load: () => import('@/features/location/modals/preferences-modal').then((m) => m.PreferencesModal),
  },
  'non-operating-country': {
    ns: ['location'],
    load: () =>
      import('@/features/location/modals/non-operating-country-modal').then((m) => m.NonOperatingCountryModal),
  },
  'image-selection': {
    ns: ['profile', 'picture'],
    load: () => import('@/features/profile/modals/image-selection-modal').then((m) => m.ImageSelectionModal),
  },
  'avatar-picker': {
    ns: ['profile', 'picture'],
    load: () => import('@/features/profile/modals/avatar-picker-modal').then((m) => m.AvatarPickerModal),
  },
  'delete-picture': {
    ns: ['profile', 'picture'],
    load: () => import('@/features/profile/modals/delete-picture-modal').then((m) => m.DeletePictureModal),
  },
  // Shared by the client profile and the provider's practice profile.
  'image-crop': {
    ns: ['picture'],
    load: () => import('@/components/profile-image/crop-image-modal').then((m) => m.CropImageModal),
  },
  'profile-image': {
    ns: ['picture'],
    load: () => import('@/components/profile-image/profile-image-modal').then((m) => m.ProfileImageModal),
  },
  'wallet-topup': {
    ns: ['wallet'],
    load: () => import('@/features/wallet/modals/topup-modal').then((m) => m.TopupModal),
  },
  'work-history': {
    ns: ['practice-details'],
    load: () => import('@/features/practice-details/modals/work-history-modal').then((m) => m.WorkHistoryModal),
  },
  'delete-work-history': {
    ns: ['practice-details'],
    load: () =>
      import('@/features/practice-details/modals/delete-work-history-modal').then((m) => m.DeleteWorkHistoryModal),
  },
  'credential-upload': {
    ns: ['credentials', 'files'],
    load: () => import('@/features/credentials/modals/credential-modal').then((m) => m.CredentialModal),
  },
  // Shared: the credentials page and the operator's document review.
  'file-preview': {
    ns: ['files'],
    load: () => import('@/components/file-preview/file-preview-modal').then((m) => m.FilePreviewModal),
  },
  // Bookings (issue 15): the appointments feature and the booking changes (cancel, reschedule, schedule, create, share).
  'booking-note': {
    ns: ['appointments'],
    load: () => import('@/features/appointments/modals/booking-note-modal').then((m) => m.BookingNoteModal),
  },
  'cancel-booking': {
    ns: ['booking-changes'],
    load: () => import('@/features/booking-changes/modals/cancel-booking-modal').then((m) => m.CancelBookingModal),
  },
  'decline-booking': {
    ns: ['booking-changes', 'slot-picker'],
    load: () => import('@/features/booking-changes/modals/decline-booking-modal').then((m) => m.DeclineBookingModal),
  },
  'reschedule-booking': {
    ns: ['booking-changes', 'slot-picker'],
    load: () =>
      import('@/features/booking-changes/modals/reschedule-booking-modal').then((m) => m.RescheduleBookingModal),
  },
  'schedule-booking': {
    ns: ['booking-changes', 'slot-picker'],
    load: () => import('@/features/booking-changes/modals/schedule-booking-modal').then((m) => m.ScheduleBookingModal),
  },
  'answer-reschedule': {
    ns: ['booking-changes'],
    load: () =>
      import('@/features/booking-changes/modals/answer-reschedule-modal').then((m) => m.AnswerRescheduleModal),
  },
  'create-appointment': {
    ns: ['booking-changes', 'slot-picker'],
    load: () =>
      import('@/features/booking-changes/modals/create-appointment-modal').then((m) => m.CreateAppointmentModal),
  },
  'share-booking': {
    ns: ['booking-changes'],
    load: () => import('@/features/booking-changes/modals/share-booking-modal').then((m) => m.ShareBookingModal),
  },
  review: {
    ns: ['reviews'],
    load: () => import('@/features/reviews/modals/review-modal').then((m) => m.ReviewModal),
  },
  'state-picker': {
    ns: ['directory'],
    load: () => import('@/features/directory/modals/state-picker-modal').then((m) => m.StatePickerModal),
  },
  'import-clients': {
    ns: ['clients'],
    load: () => import('@/features/clients/modals/import-clients-modal').then((m) => m.ImportClientsModal),
  },
  'client-import-success': {
    ns: ['clients'],
    load: () => import('@/features/clients/modals/client-import-success-modal').then((m) => m.ClientImportSuccessModal),
  },
  'note-add': {
    ns: ['notes', 'files'],
    load: () => import('@/features/notes/modals/note-add-modal').then((m) => m.NoteAddModal),
  },
  'note-edit': {
    ns: ['notes', 'files'],
    load: () => import('@/features/notes/modals/note-edit-modal').then((m) => m.NoteEditModal),
  },
  'note-delete': {
    ns: ['notes'],
    load: () => import('@/features/notes/modals/note-delete-modal').then((m) => m.NoteDeleteModal),
  },
  'note-access-log': {
    ns: ['notes'],
    load: () => import('@/features/notes/modals/note-access-log-modal').then((m) => m.NoteAccessLogModal),
  },
  'note-sign': {
    ns: ['notes'],
    load: () => import('@/features/notes/modals/note-sign-modal').then((m) => m.NoteSignModal),
  },
  'note-addendum': {
    ns: ['notes'],
    load: () => import('@/features/notes/modals/note-addendum-modal').then((m) => m.NoteAddendumModal),
  },
  'note-templates': {
    ns: ['notes'],
    load: () => import('@/features/notes/modals/note-templates-modal').then((m) => m.NoteTemplatesModal),
  },
  'delete-message': {
    ns: ['chat'],
    load: () => import('@/features/chat/modals/delete-message-modal').then((m) => m.DeleteMessageModal),
  },
  'calendar-feed-reset': {
    ns: ['calendar'],
    load: () => import('@/features/calendar/modals/reset-calendar-feed-modal').then((m) => m.ResetCalendarFeedModal),
  },
  'waitlist-join': {
    ns: ['waitlist'],
    load: () => import('@/features/waitlist/modals/join-waitlist-modal').then((m) => m.JoinWaitlistModal),
  },
  'idle-warning': {
    ns: ['idle'],
    load: () => import('@/features/idle/modals/idle-warning-modal').then((m) => m.IdleWarningModal),
  },
  'device-sign-out': {
    ns: ['devices'],
    load: () => import('@/features/devices/modals/device-sign-out-modal').then((m) => m.DeviceSignOutModal),
  },
};
