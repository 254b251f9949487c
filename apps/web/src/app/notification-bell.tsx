import { Bell } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { clsx } from 'clsx';
import { unreadNotificationsQuery } from '@/lib/notification-queries';

/**
 * The header's bell (issue 47): a link to the notification centre with the unread count, which the live channel keeps
 * current. Screen readers hear "Notifications, 3 unread"; the number itself is for the eye.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(unreadNotificationsQuery()).data ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className={({ isActive }) =>
        clsx(
          'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-800 no-underline! hover:bg-slate-100',
          isActive && 'bg-brand-50 text-brand-800',
        )
      }
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-semibold text-white ring-2 ring-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
