import { clsx } from 'clsx';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import type { LocalMedia } from '../hooks/use-local-media';
import { useSessionTranslation } from '../i18n';

const toggle = (on: boolean) =>
  clsx(
    'inline-flex size-12 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40',
    on ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-red-700 text-white hover:bg-red-800',
  );

/** Mute and camera off, as toggle buttons (aria-pressed) that say what they do. */
export function MediaToggles({ media }: { media: LocalMedia }) {
  const { t } = useSessionTranslation();
  const hasAudio = !!media.stream?.getAudioTracks().length;
  const hasVideo = !!media.stream?.getVideoTracks().length;
  return (
    <>
      <button
        type="button"
        className={toggle(!media.muted)}
        aria-pressed={media.muted}
        disabled={!hasAudio}
        onClick={() => media.setMuted(!media.muted)}
      >
        {media.muted ? <MicOff className="size-5" aria-hidden="true" /> : <Mic className="size-5" aria-hidden="true" />}
        <span className="sr-only">{t('controls.mute')}</span>
      </button>
      <button
        type="button"
        className={toggle(!media.cameraOff)}
        aria-pressed={media.cameraOff}
        disabled={!hasVideo}
        onClick={() => media.setCameraOff(!media.cameraOff)}
      >
        {media.cameraOff ? (
          <VideoOff className="size-5" aria-hidden="true" />
        ) : (
          <Video className="size-5" aria-hidden="true" />
        )}
        <span className="sr-only">{t('controls.cameraOff')}</span>
      </button>
    </>
  );
}
