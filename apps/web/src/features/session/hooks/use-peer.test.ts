import type { Room } from '@therapy/contracts/rooms';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePeer } from './use-peer';

// The live channel as a switchboard the test speaks into: what the server would push to this tab.
const heard = new Map<string, Set<(message: Record<string, unknown>) => void>>();
vi.mock('@/lib/live-channel', () => ({
  onLiveMessage: (type: string, listener: (message: Record<string, unknown>) => void) => {
    const set = heard.get(type) ?? new Set();
    set.add(listener);
    heard.set(type, set);
    return () => void set.delete(listener);
  },
  onLiveReady: () => () => undefined,
  sendLive: () => undefined,
}));
const push = (message: Record<string, unknown>) =>
  heard.get(String(message.type))?.forEach((listener) => listener(message));

/**
 * A peer connection that, like a browser's on a slow device, takes a while to apply a remote description and refuses
 * a candidate before it has one (an `InvalidStateError`).
 */
class SlowPeerConnection {
  static made: SlowPeerConnection[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  signalingState = 'stable';
  connectionState = 'new';
  candidates: RTCIceCandidateInit[] = [];
  onnegotiationneeded: (() => void) | null = null;
  constructor() {
    SlowPeerConnection.made.push(this);
  }
  addTransceiver() {}
  addTrack() {}
  close() {}
  restartIce() {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.remoteDescription = description;
    if (description.type === 'offer') this.signalingState = 'have-remote-offer';
  }
  async setLocalDescription() {
    this.localDescription = { type: 'answer', sdp: 'v=0 answer' };
    this.signalingState = 'stable';
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new DOMException('The remote description was null', 'InvalidStateError');
    this.candidates.push(candidate);
  }
}

const room: Room = {
  bookingIdentifier: '01a233c3-af55-77eb-991a-11f716458587',
  role: 'client',
  otherParty: { identifier: '01a233c3-b532-732e-9db3-dead77af1808', name: 'Robin Provider' },
  startsAt: '2026-12-01T10:00:00.000Z',
  endsAt: '2026-12-01T11:00:00.000Z',
  opensAt: '2026-12-01T09:50:00.000Z',
  state: 'open',
  canJoin: true,
  iceServers: [],
};
const signal = (value: Record<string, unknown>) =>
  push({ type: 'room.signal', bookingId: room.bookingIdentifier, signal: value });

beforeEach(() => {
  SlowPeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', SlowPeerConnection);
});
afterEach(() => vi.unstubAllGlobals());

describe('the video room’s signals', () => {
  it('are applied in the order they came: candidates right behind an offer wait for it and are kept', async () => {
    const { result } = renderHook(() => usePeer(room, null));
    act(() => result.current.join());
    act(() => {
      signal({ kind: 'description', description: { type: 'offer', sdp: 'v=0 offer' } });
      signal({
        kind: 'candidate',
        candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 50000 typ host', sdpMid: '0' },
      });
      signal({
        kind: 'candidate',
        candidate: { candidate: 'candidate:2 1 udp 2122260223 192.0.2.1 50001 typ host', sdpMid: '0' },
      });
    });
    const pc = SlowPeerConnection.made.at(-1)!;
    await waitFor(() => expect(pc.candidates).toHaveLength(2));
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 offer' });
    expect(result.current.state).toBe('connecting');
  });
});
