import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Only providers load the session notes (and their translations) into a booking's page.
const SessionNotesSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/notes/components/session-notes-section'),
    loadNamespaces(['notes', 'files']),
  ]);
  return { default: mod.SessionNotesSection };
});

/** A booking's page, provider side: the session notes of the booking (issue 17). */
export function BookingNotesSlot() {
  const userType = useAuthStore((s) => s.user?.userType);
  const { bookingId } = useParams();
  if (userType !== 'provider' || !bookingId) return null;
  return (
    <Suspense fallback={null}>
      <SessionNotesSection bookingId={bookingId} />
    </Suspense>
  );
}
