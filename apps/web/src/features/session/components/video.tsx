import { useEffect, useRef, type ComponentProps } from 'react';

/** A <video> showing a MediaStream (React cannot set `srcObject` as an attribute). */
export function StreamVideo({
  stream,
  ...rest
}: { stream: MediaStream | null } & Omit<ComponentProps<'video'>, 'src'>) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline {...rest} />;
}
