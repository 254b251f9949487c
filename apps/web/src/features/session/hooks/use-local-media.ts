import { useCallback, useEffect, useRef, useState } from 'react';

export type MediaProblem = 'denied' | 'missing' | 'busy' | 'unsupported';

/** Why the browser gave no camera or microphone, in words the screen can explain. */
function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/**
 * The camera and microphone for the video room: a preview stream, the devices to choose from (named once the browser
 * has allowed them), mute and camera off (the tracks are disabled, not stopped, so turning them on is instant), and
 * what went wrong when the browser refused.
 */
export function useLocalMedia() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [pending, setPending] = useState(true);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>('');
  const [micId, setMicId] = useState<string>('');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const current = useRef<MediaStream | null>(null);

  const start = useCallback(async (camera?: string, mic?: string) => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      setPending(false);
      return;
    }
    setPending(true);
    try {
      const next = await navigator.mediaDevices.getUserMedia({
        video: camera ? { deviceId: { exact: camera } } : true,
        audio: mic ? { deviceId: { exact: mic } } : true,
      });
      current.current?.getTracks().forEach((t) => t.stop());
      current.current = next;
      setStream(next);
      setProblem(null);
      setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? camera ?? '');
      setMicId(next.getAudioTracks()[0]?.getSettings().deviceId ?? mic ?? '');
      setDevices(await navigator.mediaDevices.enumerateDevices());
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(false);
    }
  }, []);

  useEffect(() => {
    // Asked once the page is up (the browser may show its permission prompt), not during the render.
    void Promise.resolve().then(() => start());
    return () => current.current?.getTracks().forEach((t) => t.stop());
  }, [start]);

  // Mute and camera off follow the tracks of whatever stream is current.
  useEffect(() => {
    stream?.getAudioTracks().forEach((t) => (t.enabled = !muted));
    stream?.getVideoTracks().forEach((t) => (t.enabled = !cameraOff));
  }, [stream, muted, cameraOff]);

  return {
    stream,
    problem,
    pending,
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    mics: devices.filter((d) => d.kind === 'audioinput'),
    cameraId,
    micId,
    chooseCamera: (id: string) => void start(id, micId || undefined),
    chooseMic: (id: string) => void start(cameraId || undefined, id),
    retry: () => void start(),
    muted,
    setMuted,
    cameraOff,
    setCameraOff,
    /** Stops the camera and microphone (leaving the room). */
    stop: () => {
      current.current?.getTracks().forEach((t) => t.stop());
      current.current = null;
      setStream(null);
    },
  };
}
export type LocalMedia = ReturnType<typeof useLocalMedia>;
