import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { onLiveMessage, openLiveChannel } from '@/lib/live-channel';
import { messageKeys } from '@/lib/message-queries';
import { bookingKeys } from '@/lib/booking-queries';
import { notificationKeys } from '@/lib/notification-queries';

/**
 * Keeps one live channel open while a client or provider is signed in (issue 18). Whatever it hears makes every
 * message screen and the header's badge read again; messages arrive without a reload, on every open tab. So do
 * notifications (issue 47): the bell's count and the notification centre.
 */
export function LiveUpdates() {
  const userId = useAuthStore((s) =>
    s.status === 'authenticated' && (s.user?.userType === 'client' || s.user?.userType === 'provider')
      ? s.user.identifier
      : null,
  );
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    const refresh = () => void client.invalidateQueries({ queryKey: messageKeys.all });
    // The notification centre (issue 47): the bell and the list read again; a booking change also changes what the
    // booking screens show.
    const refreshNotifications = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
    const stop = onLiveMessage('notifications.changed', () => {
      refreshNotifications();
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    });
    const close = openLiveChannel({
      onMessageChanged: refresh,
      onReconnected: () => {
        refresh();
        refreshNotifications();
      },
    });
    return () => {
      stop();
      close();
    };
  }, [userId, client]);
  return null;
}
