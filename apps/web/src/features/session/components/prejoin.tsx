import type { Room } from '@therapy/contracts/rooms';
import { VideoOff } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { dateFormatter } from '@/lib/format';
import type { LocalMedia } from '../hooks/use-local-media';
import { useSessionTranslation } from '../i18n';
import { MediaToggles } from './media-controls';
import { StreamVideo } from './video';

/**
 * Before joining: the camera's preview, the camera and microphone to use, mute and camera off, and Join (from 10
 * minutes before the start). A browser that refused the camera gets told how to allow it, and may join without it.
 */
export function Prejoin({ room, media, onJoin }: { room: Room; media: LocalMedia; onJoin: () => void }) {
  const { t, locale } = useSessionTranslation();
  const cameraId = useId();
  const micId = useId();
  const opensAt = dateFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(room.opensAt));
  const other = room.otherParty.name ?? t('someone');

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-slate-900">
        {media.stream && !media.cameraOff ? (
          <StreamVideo
            stream={media.stream}
            muted
            className="size-full -scale-x-100 object-cover"
            aria-label={t('preview')}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-300">
            {media.pending ? <Spinner label={t('starting')} /> : <VideoOff className="size-10" aria-hidden="true" />}
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 flex justify-center gap-3 p-3">
          <MediaToggles media={media} />
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t('prejoin.title', { name: other })}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('prejoin.lead')}</p>
        </div>
        {media.problem && (
          <Alert
            tone={media.problem === 'denied' ? 'warning' : 'error'}
            title={t(`problem.${media.problem}.title`)}
            action={
              <Button size="sm" variant="secondary" onClick={media.retry}>
                {t('problem.retry')}
              </Button>
            }
          >
            {t(`problem.${media.problem}.text`)}
          </Alert>
        )}
        {media.cameras.length > 0 && (
          <div>
            <label htmlFor={cameraId} className="block text-sm font-medium text-slate-900">
              {t('prejoin.camera')}
            </label>
            <Select
              id={cameraId}
              className="mt-1.5"
              value={media.cameraId}
              onChange={(e) => media.chooseCamera(e.target.value)}
            >
              {media.cameras.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || t('prejoin.cameraN', { n: i + 1 })}
                </option>
              ))}
            </Select>
          </div>
        )}
        {media.mics.length > 0 && (
          <div>
            <label htmlFor={micId} className="block text-sm font-medium text-slate-900">
              {t('prejoin.mic')}
            </label>
            <Select id={micId} className="mt-1.5" value={media.micId} onChange={(e) => media.chooseMic(e.target.value)}>
              {media.mics.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || t('prejoin.micN', { n: i + 1 })}
                </option>
              ))}
            </Select>
          </div>
        )}
        {room.canJoin ? (
          <Button size="lg" onClick={onJoin} disabled={media.pending}>
            {media.stream ? t('prejoin.join') : t('prejoin.joinWithout')}
          </Button>
        ) : (
          <Alert>{t('prejoin.opensAt', { time: opensAt })}</Alert>
        )}
        <p className="text-xs text-slate-600">{t('prejoin.privacy')}</p>
      </div>
    </div>
  );
}
