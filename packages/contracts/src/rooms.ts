import { z } from 'zod';

/**
 * The video room of an online booking (issue 19): its two parties join from 10 minutes before the start until the
 * end; media flows peer to peer (WebRTC), signals go over the live WebSocket, nothing is recorded.
 */
export const ROOM_OPENS_MINUTES_BEFORE = 10;

export const roomStates = ['open', 'early', 'ended', 'notOnline', 'notConfirmed'] as const;
export type RoomState = (typeof roomStates)[number];

export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const room = z.object({
  bookingIdentifier: z.uuid(),
  /** The caller's side of the booking. */
  role: z.enum(['client', 'provider']),
  otherParty: z.object({ identifier: z.uuid(), name: z.string().nullable() }),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  opensAt: z.iso.datetime(),
  /** `open`: the caller may join now; otherwise why not (yet). */
  state: z.enum(roomStates),
  canJoin: z.boolean(),
  /** STUN/TURN servers for RTCPeerConnection (ICE_SERVERS); empty: host candidates only. */
  iceServers: z.array(iceServer),
});
export type Room = z.infer<typeof room>;

/** What one party's tab says to the other's through the server: hello/bye, an SDP description, an ICE candidate. */
export const roomSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello') }),
  z.object({ kind: z.literal('bye') }),
  z.object({
    kind: z.literal('description'),
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(60_000).optional(),
    }),
  }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z
      .object({
        candidate: z.string().max(2_000),
        sdpMid: z.string().max(100).nullable().optional(),
        sdpMLineIndex: z.number().int().nullable().optional(),
        usernameFragment: z.string().max(200).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type RoomSignal = z.infer<typeof roomSignal>;

/** A tab's socket message carrying a signal for the booking's other party. */
export const roomSignalMessage = z.object({ type: z.literal('room.signal'), bookingId: z.uuid(), signal: roomSignal });
