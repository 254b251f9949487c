import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { openLiveChannel } from '@/lib/live-channel';
import { messageKeys } from '@/lib/message-queries';

/**
 * Keeps one live channel open while a client or provider is signed in (issue 18). Whatever it hears makes every
 * message screen and the header's badge read again; messages arrive without a reload, on every open tab.
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
    return openLiveChannel({ onMessageChanged: refresh, onReconnected: refresh });
  }, [userId, client]);
  return null;
}
