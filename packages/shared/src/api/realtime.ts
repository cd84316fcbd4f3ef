import { z } from 'zod';

/**
 * Frames a client sends to the websocket hub at /ws. Anything else is answered with an error
 * frame and counts against the connection (DESIGN: Live events).
 */
export const wsClientFrame = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), channel: z.string().min(1).max(100), token: z.string().min(1).max(512).optional() }).strict(),
  z.object({ op: z.literal('unsubscribe'), channel: z.string().min(1).max(100) }).strict(),
  z.object({ op: z.literal('ping') }).strict(),
]);
export type WsClientFrame = z.infer<typeof wsClientFrame>;

/** Limits of one websocket connection. */
export const WS_LIMITS = {
  /** Largest frame the hub reads, in bytes; a bigger one closes the connection (1009). */
  maxFrameBytes: 4096,
  /** Channels one connection may hold at once. */
  maxChannels: 32,
  /** Frames one connection may send per window; past that it is answered `too_many_requests`, and closed (1008) past twice that. */
  framesPerWindow: 60,
  windowMs: 10_000,
  /** Malformed frames a connection may send before it is closed (1008). */
  maxBadFrames: 5,
} as const;

/** What the hub answers to a frame it refuses: a catalogue code and its text. */
export interface WsErrorFrame {
  op: 'error';
  error: string;
  message: string;
  channel?: string;
}
