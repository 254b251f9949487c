import type { Room, RoomSignal } from '@therapy/contracts/rooms';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onLiveMessage, onLiveReady, sendLive } from '@/lib/live-channel';

export type CallState = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'refused';
export type Quality = 'good' | 'fair' | 'poor';

const QUALITY_EVERY_MS = 2_000;

/** Round trip and loss since the last look: good below 150 ms and 2 %, poor above 400 ms or 8 %. */
export function qualityOf(rttSeconds: number | undefined, lossRatio: number): Quality | null {
  if (rttSeconds === undefined) return null;
  if (rttSeconds < 0.15 && lossRatio < 0.02) return 'good';
  if (rttSeconds < 0.4 && lossRatio < 0.08) return 'fair';
  return 'poor';
}

/**
 * The peer connection of a 1:1 room (WebRTC "perfect negotiation"): the client is the polite side, the provider the
 * impolite one, so offers that cross are settled without a deadlock. Joining says hello; whoever is already there
 * starts a fresh connection for the newcomer. Signals go through the live socket (`room.signal`), media peer to peer.
 */
export function usePeer(room: Room, local: MediaStream | null) {
  const [joined, setJoined] = useState(false);
  const [state, setState] = useState<CallState>('waiting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [quality, setQuality] = useState<Quality | null>(null);
  const pcRef = useRef<RTCPeerConnection | null>(null);
  const makingOffer = useRef(false);
  const ignoreOffer = useRef(false);
  const localRef = useRef(local);
  useEffect(() => {
    localRef.current = local;
  }, [local]);
  const polite = room.role === 'client';
  const bookingId = room.bookingIdentifier;

  const send = useCallback((signal: RoomSignal) => sendLive({ type: 'room.signal', bookingId, signal }), [bookingId]);

  const close = useCallback(() => {
    pcRef.current?.close();
    pcRef.current = null;
    setRemote(null);
    setQuality(null);
  }, []);

  const connect = useCallback(() => {
    close();
    const pc = new RTCPeerConnection({ iceServers: room.iceServers });
    pcRef.current = pc;
    const stream = localRef.current;
    if (stream && stream.getTracks().length > 0) {
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
    } else {
      // No camera or microphone allowed: still see and hear the other side.
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    pc.ontrack = ({ track, streams }) => {
      if (pcRef.current !== pc) return;
      setRemote((previous) => {
        if (streams[0]) return streams[0];
        const next = new MediaStream(previous?.getTracks() ?? []);
        next.addTrack(track);
        return next;
      });
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate)
        send({ kind: 'candidate', candidate: candidate.toJSON() as RTCIceCandidateInit & { candidate: string } });
    };
    pc.onnegotiationneeded = async () => {
      try {
        makingOffer.current = true;
        await pc.setLocalDescription();
        if (pc.localDescription)
          send({ kind: 'description', description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
      } catch {
        // A newer negotiation took over; it sends its own offer.
      } finally {
        makingOffer.current = false;
      }
    };
    pc.onconnectionstatechange = () => {
      if (pcRef.current !== pc) return;
      const s = pc.connectionState;
      setState(
        s === 'connected' ? 'connected' : s === 'disconnected' || s === 'failed' ? 'reconnecting' : 'connecting',
      );
      if (s === 'failed') pc.restartIce();
    };
  }, [close, room.iceServers, send]);

  const onSignal = useCallback(
    async (signal: RoomSignal) => {
      if (signal.kind === 'hello') {
        // The other side is here: connecting, unless already connected.
        setState((s) => (s === 'connected' ? s : 'connecting'));
        return connect();
      }
      if (signal.kind === 'bye') {
        close();
        return setState('waiting');
      }
      if (!pcRef.current) connect();
      const pc = pcRef.current!;
      if (signal.kind === 'description') {
        // The other side is here: connecting, unless already connected.
        setState((s) => (s === 'connected' ? s : 'connecting'));
        const description = signal.description;
        const collision = description.type === 'offer' && (makingOffer.current || pc.signalingState !== 'stable');
        ignoreOffer.current = !polite && collision;
        if (ignoreOffer.current) return;
        await pc.setRemoteDescription(description as RTCSessionDescriptionInit);
        if (description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription)
            send({
              kind: 'description',
              description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp },
            });
        }
        return;
      }
      if (signal.candidate) {
        try {
          await pc.addIceCandidate(signal.candidate);
        } catch (error) {
          // A candidate of an offer this side ignored is expected to fail.
          if (!ignoreOffer.current) throw error;
        }
      }
    },
    [close, connect, polite, send],
  );

  // Signals for this room, while joined, handled one after the other in the order they came: a candidate that
  // arrives while the offer before it is still being applied must wait for it (added before the remote description,
  // it would be refused and lost, and on a slow device the call then never connects).
  useEffect(() => {
    if (!joined) return;
    let handled = Promise.resolve();
    const stopSignals = onLiveMessage('room.signal', (message) => {
      if (message.bookingId !== bookingId) return;
      handled = handled.then(() => onSignal(message.signal as RoomSignal)).catch(() => undefined);
    });
    const stopRefused = onLiveMessage('room.refused', (message) => {
      if (message.bookingId === bookingId) setState('refused');
    });
    // The socket came back while no call is up: say hello again, so the other side starts one.
    const stopReady = onLiveReady(() => {
      if (pcRef.current?.connectionState !== 'connected') send({ kind: 'hello' });
    });
    return () => {
      stopSignals();
      stopRefused();
      stopReady();
    };
  }, [joined, bookingId, onSignal, send]);

  // A device changed during the call: the new track replaces the old one in place, no new negotiation.
  useEffect(() => {
    const pc = pcRef.current;
    if (!pc || !local) return;
    for (const track of local.getTracks()) {
      const sender = pc.getSenders().find((s) => s.track?.kind === track.kind);
      if (sender && sender.track !== track) void sender.replaceTrack(track);
    }
  }, [local]);

  // The connection's quality from its statistics, every 2 seconds while connected.
  useEffect(() => {
    if (state !== 'connected') return;
    let lost = 0;
    let received = 0;
    const timer = setInterval(async () => {
      const pc = pcRef.current;
      if (!pc) return;
      const stats = await pc.getStats();
      let rtt: number | undefined;
      let nowLost = 0;
      let nowReceived = 0;
      stats.forEach(
        (report: {
          type: string;
          state?: string;
          nominated?: boolean;
          currentRoundTripTime?: number;
          packetsLost?: number;
          packetsReceived?: number;
        }) => {
          if (report.type === 'candidate-pair' && report.state === 'succeeded' && report.nominated)
            rtt = report.currentRoundTripTime;
          if (report.type === 'inbound-rtp') {
            nowLost += report.packetsLost ?? 0;
            nowReceived += report.packetsReceived ?? 0;
          }
        },
      );
      const dLost = Math.max(0, nowLost - lost);
      const dReceived = Math.max(0, nowReceived - received);
      lost = nowLost;
      received = nowReceived;
      setQuality(qualityOf(rtt, dLost + dReceived > 0 ? dLost / (dLost + dReceived) : 0));
    }, QUALITY_EVERY_MS);
    return () => clearInterval(timer);
  }, [state]);

  const join = useCallback(() => {
    setJoined(true);
    setState('waiting');
    send({ kind: 'hello' });
    connect();
  }, [connect, send]);

  const leave = useCallback(() => {
    send({ kind: 'bye' });
    close();
    setJoined(false);
    setState('waiting');
  }, [close, send]);

  // Closing the tab or leaving the page: the other side hears bye.
  useEffect(() => {
    if (!joined) return;
    const bye = () => send({ kind: 'bye' });
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
    };
  }, [joined, send]);
  const joinedRef = useRef(false);
  useEffect(() => {
    joinedRef.current = joined;
  }, [joined]);
  useEffect(
    () => () => {
      // Leaving the page without "Leave": the other side still hears bye.
      if (joinedRef.current) send({ kind: 'bye' });
      pcRef.current?.close();
    },
    [send],
  );

  return { joined, join, leave, state, remote, quality };
}
