import { clsx } from 'clsx';
import { HeartHandshake, LogOut, Menu, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { specMessages } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { ProfileAvatar } from '@/components/profile-avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocale } from '@/lib/i18n';
import { unreadConversationsQuery } from '@/lib/message-queries';
import { useProfilePhoto } from '@/lib/profile-query';
import { signOut } from '@/lib/session-actions';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-lg px-3 py-2 text-sm font-medium no-underline! transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** How many conversations wait to be read, next to "Messages"; screen readers hear it as words. */
function UnreadBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{` (${t('nav.unread', { count })})`}</span>
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  // Shares the profile screens' query, so a new picture or avatar shows here the moment it is saved.
  const { photoUrl, refresh } = useProfilePhoto();
  const navigate = useNavigate();
  const location = useLocation();
  // The menu belongs to the page it was opened on, so navigating from inside it closes it without an effect.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const unreadHintId = useId();

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
    await navigate('/');
    // Without the messages (offline) the landing page itself shows the visitor is signed out.
    const messages = await specMessages();
    if (messages) notify.success(messages.message('signedOut', currentLocale()));
  };

  const signedIn = status === 'authenticated';
  const chats = signedIn && (user?.userType === 'client' || user?.userType === 'provider');
  const unread = useQuery({ ...unreadConversationsQuery(), enabled: chats }).data ?? 0;
  const links: Array<{ to: string; label: string; badge?: number }> = !signedIn
    ? []
    : user?.userType === 'operator'
      ? [
          { to: '/operator/reviews', label: t('nav.reviews') },
          { to: '/operator/practices', label: t('nav.practices') },
          { to: '/operator/payouts', label: t('nav.payouts') },
          { to: '/operator/contact', label: t('nav.contactMessages') },
          { to: '/account', label: t('nav.account') },
        ]
      : [
          { to: '/overview', label: t('nav.overview') },
          { to: '/appointments', label: t('nav.appointments') },
          ...(user?.userType === 'provider' ? [{ to: '/calendar', label: t('nav.calendar') }] : []),
          { to: '/messages', label: t('nav.messages'), badge: unread },
          ...(user?.userType === 'provider'
            ? [
                { to: '/clients/imported', label: t('nav.clients') },
                { to: '/practice', label: t('nav.practice') },
              ]
            : []),
          ...(user?.userType === 'provider'
            ? [
                { to: '/availability', label: t('nav.availability') },
                // A provider's /wallet is their earnings page (issue 46).
                { to: '/wallet', label: t('nav.earnings') },
              ]
            : []),
          ...(user?.userType === 'client'
            ? [
                { to: '/wallet', label: t('nav.wallet') },
                { to: '/questionnaires', label: t('nav.questionnaires') },
              ]
            : []),
          { to: '/account', label: t('nav.account') },
        ];

  // Signed in, the bar holds the links from 1280 px (below, they stay in the menu). A provider's nine (longer in
  // German) left no room for the brand's name there and cut the logo (issue 47): between 1280 and 1536 px a long bar
  // shows the logo's mark only, whole, and the link keeps the name for screen readers.
  const wide = signedIn ? { show: 'xl:flex', hide: 'xl:hidden' } : { show: 'md:flex', hide: 'md:hidden' };
  const long = signedIn && links.length > 6;
  const brandText = long ? 'xl:sr-only 2xl:not-sr-only' : '';

  const accountActions = signedIn ? (
    <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={handleSignOut} pending={signingOut}>
      {!signingOut && <LogOut className="size-4" aria-hidden="true" />}
      <span className={clsx(long && 'xl:sr-only 2xl:not-sr-only')}>{t('nav.signOut')}</span>
    </Button>
  ) : status === 'anonymous' ? (
    <>
      <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        {t('nav.signIn')}
      </Link>
      <Link to="/register" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
        {t('nav.getStarted')}
      </Link>
    </>
  ) : null;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={clsx('mx-auto flex h-16 items-center gap-3 px-4 sm:px-6', long ? 'max-w-7xl' : 'max-w-6xl')}>
        <Link to="/" className="flex min-w-0 shrink-0 items-center gap-2 text-slate-900 no-underline!">
          <HeartHandshake className="size-6 shrink-0 text-brand-700 sm:size-7" aria-hidden="true" />
          <span className={`truncate text-base font-bold tracking-tight sm:text-lg ${brandText}`}>
            {t('brand.name')}
          </span>
        </Link>

        <nav
          aria-label={t('nav.label')}
          className={clsx('hidden items-center gap-1', long ? 'ml-2' : 'ml-6', wide.show)}
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
              <UnreadBadge count={link.badge} />
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {/* Signed in, a phone has no room for the brand, the language, the picture and the menu: the language moves into the menu. */}
          <div className={clsx(signedIn && 'hidden sm:flex')}>
            <LanguageSwitch />
          </div>
          {chats && <NotificationBell />}
          {signedIn && user && (
            <Link to="/account" className="shrink-0 rounded-full no-underline!">
              <ProfileAvatar
                photoUrl={photoUrl}
                firstName={user.firstName}
                lastName={user.lastName}
                size="sm"
                onBroken={refresh}
              />
              <span className="sr-only">{t('nav.profilePicture')}</span>
            </Link>
          )}
          <div className={clsx('hidden items-center gap-2', wide.show)}>{accountActions}</div>
          <button
            type="button"
            className={clsx(
              'relative inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100',
              wide.hide,
            )}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-describedby={!menuOpen && unread > 0 ? unreadHintId : undefined}
            onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
            {/* On a phone "Messages" is inside the menu: a dot on the button says something waits there. */}
            {!menuOpen && unread > 0 && (
              <span
                aria-hidden="true"
                className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-brand-700 ring-2 ring-white"
              />
            )}
            <span id={unreadHintId} hidden>
              {t('nav.menuUnread')}
            </span>
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className={clsx('border-t border-slate-200 bg-white px-4 py-3', wide.hide)}>
        {links.length > 0 && (
          <nav aria-label={t('nav.label')} className="flex flex-col gap-1">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
                <UnreadBadge count={link.badge} />
              </NavLink>
            ))}
          </nav>
        )}
        <div className={clsx('flex flex-wrap gap-2', links.length > 0 && 'mt-3 border-t border-slate-200 pt-3')}>
          {signedIn && (
            <div className="sm:hidden">
              <LanguageSwitch />
            </div>
          )}
          {accountActions}
        </div>
      </div>
    </header>
  );
}
