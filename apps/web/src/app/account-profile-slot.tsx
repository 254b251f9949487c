import { lazy, Suspense } from 'react';
import { useOutletContext } from 'react-router';
import type { AccountOutletContext } from '@/features/account/routes/account-route';
import { PageSpinner } from '@/components/page-spinner';
import { useAuthStore } from '@/lib/auth-store';
import { loadNamespaces } from '@/lib/i18n';

// Each user type loads only its own screens (and their translations) into /account.
const ClientProfileSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/profile/routes/client-profile-section'),
    loadNamespaces(['profile', 'picture']),
  ]);
  return { default: mod.ClientProfileSection };
});
const PracticeSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/practice/routes/practice-section'),
    loadNamespaces(['practice', 'picture']),
  ]);
  return { default: mod.PracticeSection };
});

const CalendarFeedSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/calendar/components/calendar-feed-section'),
    loadNamespaces(['calendar']),
  ]);
  return { default: mod.CalendarFeedSection };
});

const DevicesSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/devices/components/devices-section'),
    loadNamespaces(['devices']),
  ]);
  return { default: mod.DevicesSection };
});

const DataExportSection = lazy(async () => {
  const [mod] = await Promise.all([
    import('@/features/data-export/components/data-export-section'),
    loadNamespaces(['data-export']),
  ]);
  return { default: mod.DataExportSection };
});

/**
 * /account's sections from other features: the client profile or the practice profile, the calendar subscription,
 * and (every user type, operators too) where one is signed in and one's own data.
 */
export function AccountProfileSlot() {
  const userType = useAuthStore((s) => s.user?.userType);
  const { section } = useOutletContext<AccountOutletContext>();
  if (!userType) return null;
  // Every user, operators too: where they are signed in, and their own data as a download (issue 20).
  if (section === 'devices')
    return (
      <Suspense fallback={<PageSpinner />}>
        <DevicesSection />
      </Suspense>
    );
  if (section === 'data')
    return (
      <Suspense fallback={<PageSpinner />}>
        <DataExportSection />
      </Suspense>
    );
  if (userType === 'operator') return null;
  // Both kinds of users: the calendar subscription (issue 19).
  if (section === 'calendar')
    return (
      <Suspense fallback={<PageSpinner />}>
        <CalendarFeedSection />
      </Suspense>
    );
  if (userType === 'provider')
    return section === 'practice' ? (
      <Suspense fallback={<PageSpinner />}>
        <PracticeSection />
      </Suspense>
    ) : null;
  if (section !== 'details' && section !== 'emergency' && section !== 'preferences') return null;
  return (
    <Suspense fallback={<PageSpinner />}>
      <ClientProfileSection section={section} />
    </Suspense>
  );
}
