import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { loginPathFor } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export interface RouteHandle {
  /** Pages that are themselves about verification do not repeat the reminder. */
  hideVerifyBanner?: boolean;
}

/** The signed-in pages an operator may open. */
const operatorPaths = ['/operator', '/account'];

/**
 * Guards signed-in pages. While the start-up refresh is still answering (status unknown) it waits instead of
 * sending a signed-in user to the login page; visitors without a session go to /login?redirect=<here>.
 */
export function ProtectedLayout() {
  const status = useAuthStore((s) => s.status);
  const endedBy = useAuthStore((s) => s.endedBy);
  const emailVerified = useAuthStore((s) => s.user?.emailVerified ?? true);
  const userType = useAuthStore((s) => s.user?.userType);
  const location = useLocation();
  const matches = useMatches();

  if (status === 'unknown') return <PageSpinner />;
  // After signing out or deleting the account the user is on their way home, not to the login page.
  if (status === 'anonymous' && endedBy === 'signed-out') return <Navigate to="/" replace />;
  if (status === 'anonymous') {
    return (
      <Navigate
        to={loginPathFor(`${location.pathname}${location.search}`, endedBy === 'idle' ? 'idle' : 'expired')}
        replace
      />
    );
  }

  // Operators work the review queue (decision 0026): client and provider pages are not theirs; their account page is.
  if (
    userType === 'operator' &&
    !operatorPaths.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`))
  ) {
    return <Navigate to="/operator/reviews" replace />;
  }

  const hideBanner = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideVerifyBanner);
  return (
    <>
      {!emailVerified && !hideBanner && <VerifyEmailBanner />}
      <Outlet />
    </>
  );
}
