import type { Room } from '@therapy/contracts/rooms';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarX, VideoOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageSpinner } from '@/components/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { roomQuery } from '../api/room-api';
import { CallStage } from '../components/call-stage';
import { Prejoin } from '../components/prejoin';
import { useLocalMedia } from '../hooks/use-local-media';
import { usePeer } from '../hooks/use-peer';
import { useSessionTranslation } from '../i18n';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the room again when it opens or ends, so Join appears (or goes) without a reload. */
function useRefetchAt(instants: Array<string | undefined>, refetch: () => unknown) {
  const key = instants.join('|');
  useEffect(() => {
    const now = Date.now();
    const timers = key
      .split('|')
      .map((iso) => (iso ? Date.parse(iso) - now : -1))
      .filter((ms) => ms > 0 && ms < 2 ** 31 - 1)
      .map((ms) => setTimeout(() => void refetch(), ms + 500));
    return () => timers.forEach(clearTimeout);
  }, [key, refetch]);
}

/**
 * /session/{bookingId} (issue 19): an online booking's own 1:1 video room. Its two parties check their camera and
 * microphone, join from 10 minutes before the start until the end, and talk peer to peer; nobody else gets in and
 * nothing is recorded.
 */
export function SessionRoute() {
  const { bookingId = '' } = useParams();
  const valid = uuid.test(bookingId);
  const { t } = useSessionTranslation();
  const room = useQuery({ ...roomQuery(bookingId), enabled: valid });
  useRefetchAt([room.data?.opensAt, room.data?.endsAt], room.refetch);
  const back = `/appointments/${bookingId}`;

  if (!valid || (room.isError && isApiError(room.error) && room.error.status === 404)) {
    return (
      <Page>
        <EmptyState
          icon={VideoOff}
          headingLevel={1}
          title={t('notFound.title')}
          description={t('notFound.text')}
          action={
            <Link to="/appointments" className={buttonClasses({ variant: 'secondary' })}>
              {t('backToAppointments')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (room.isPending) return <PageSpinner label={t('loading')} />;
  if (room.isError) {
    return (
      <Page>
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void room.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </Page>
    );
  }
  const data = room.data;
  if (data.state === 'notOnline' || data.state === 'notConfirmed' || data.state === 'ended') {
    return (
      <Page>
        <EmptyState
          icon={CalendarX}
          headingLevel={1}
          title={t(`closed.${data.state}.title`)}
          description={t(`closed.${data.state}.text`)}
          action={
            <Link to={back} className={buttonClasses({ variant: 'secondary' })}>
              {t('backToBooking')}
            </Link>
          }
        />
      </Page>
    );
  }
  return <RoomScreen room={data} back={back} />;
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>;
}

function RoomScreen({ room, back }: { room: Room; back: string }) {
  const { t, locale } = useSessionTranslation();
  const media = useLocalMedia();
  const peer = usePeer(room, media.stream);
  const navigate = useNavigate();
  const when = `${dateFormatter(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(room.startsAt))}, ${dateFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(room.startsAt))}`;

  const leave = () => {
    peer.leave();
    media.stop();
    void navigate(back);
  };

  if (peer.joined) {
    return (
      <div className="mx-auto max-w-6xl sm:px-6 sm:py-6">
        <h1 className="sr-only">{t('title', { name: room.otherParty.name ?? t('someone') })}</h1>
        <CallStage
          room={room}
          media={media}
          state={peer.state}
          remote={peer.remote}
          quality={peer.quality}
          onLeave={leave}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={back} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-800">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('backToBooking')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
        {t('title', { name: room.otherParty.name ?? t('someone') })}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{when}</p>
      <div className="mt-6">
        <Prejoin room={room} media={media} onJoin={peer.join} />
      </div>
    </div>
  );
}
