import type { Room } from '@therapy/contracts/rooms';
import { clsx } from 'clsx';
import { PhoneOff, Signal, SignalLow, SignalMedium } from 'lucide-react';
import type { LocalMedia } from '../hooks/use-local-media';
import type { CallState, Quality } from '../hooks/use-peer';
import { useSessionTranslation } from '../i18n';
import { MediaToggles } from './media-controls';
import { StreamVideo } from './video';

const qualityIcon = { good: Signal, fair: SignalMedium, poor: SignalLow } as const;

/**
 * In the call: the other person large, oneself small in a corner, what the connection is doing (said to screen
 * readers as it changes), its quality, and mute, camera off and Leave.
 */
export function CallStage({
  room,
  media,
  state,
  remote,
  quality,
  onLeave,
}: {
  room: Room;
  media: LocalMedia;
  state: CallState;
  remote: MediaStream | null;
  quality: Quality | null;
  onLeave: () => void;
}) {
  const { t } = useSessionTranslation();
  const other = room.otherParty.name ?? t('someone');
  const QualityIcon = quality ? qualityIcon[quality] : null;

  return (
    <div
      className="relative h-[calc(100dvh-4rem)] min-h-[24rem] overflow-hidden bg-slate-950 sm:h-[calc(100dvh-8rem)] sm:rounded-2xl"
      data-call-state={state}
    >
      {remote && state === 'connected' ? (
        <StreamVideo
          stream={remote}
          data-remote=""
          className="size-full object-contain"
          aria-label={t('call.remoteVideo', { name: other })}
        />
      ) : null}
      <div
        className={clsx(
          'absolute inset-0 flex items-center justify-center p-6 text-center',
          state === 'connected' && remote && 'hidden',
        )}
      >
        <p className="max-w-sm text-lg text-white">{t(`state.${state}`, { name: other })}</p>
      </div>

      <div className="absolute left-3 top-3 flex flex-wrap items-center gap-2">
        <span role="status" className="rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-white">
          {t(`status.${state}`)}
        </span>
        {QualityIcon && quality && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1 text-sm text-white">
            <QualityIcon className="size-4" aria-hidden="true" />
            {t(`quality.${quality}`)}
          </span>
        )}
      </div>

      {media.stream && (
        <div className="absolute bottom-24 right-3 aspect-video w-28 overflow-hidden rounded-xl bg-slate-800 ring-2 ring-white/30 sm:w-44">
          {!media.cameraOff && (
            <StreamVideo
              stream={media.stream}
              muted
              className="size-full -scale-x-100 object-cover"
              aria-label={t('call.selfVideo')}
            />
          )}
        </div>
      )}

      <div className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-3 bg-gradient-to-t from-black/70 to-transparent p-4">
        <MediaToggles media={media} />
        <button
          type="button"
          className="inline-flex h-12 items-center gap-2 rounded-full bg-red-700 px-5 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          onClick={onLeave}
        >
          <PhoneOff className="size-5" aria-hidden="true" />
          {t('controls.leave')}
        </button>
      </div>
    </div>
  );
}
