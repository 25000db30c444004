import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** What a hub method knows of its caller: identity only, never the connection itself. */
export type CallContext = {
  connectionId: string;
  userId: string;
  tenantId: string | null;
  /** Aborted when the caller cancels the invocation or the connection ends. */
  signal: AbortSignal;
};

/** An error whose message is meant for the caller; any other error is reported generically. */
export class HubError extends Error {}

type Args = z.ZodType<unknown[]>;
export type UnaryMethod = { kind: 'unary'; args: Args; run: (ctx: CallContext, args: unknown[]) => unknown };
export type StreamMethod = {
  kind: 'stream';
  args: Args;
  run: (ctx: CallContext, args: unknown[]) => AsyncIterable<unknown>;
};
export type HubMethod = UnaryMethod | StreamMethod;

export function unary<A extends z.ZodTuple>(
  args: A,
  run: (ctx: CallContext, args: z.infer<A>) => unknown,
): UnaryMethod {
  return { kind: 'unary', args: args as unknown as Args, run: run as UnaryMethod['run'] };
}

export function stream<A extends z.ZodTuple>(
  args: A,
  run: (ctx: CallContext, args: z.infer<A>) => AsyncIterable<unknown>,
): StreamMethod {
  return { kind: 'stream', args: args as unknown as Args, run: run as StreamMethod['run'] };
}

/**
 * Diagnostics: round trip and streaming checks for the interoperability tests. They touch no
 * data, but are not registered in production (HubOptions.methods is empty there): the spec's
 * hub only pushes events to clients, and a method that reflects client input is attack surface
 * nobody needs.
 */
export const diagnosticMethods: Record<string, HubMethod> = {
  /** Answers its argument. */
  Echo: unary(z.tuple([z.unknown()]), (_ctx, [value]) => value),

  /** Streams the numbers 1..count, one every intervalMs; stops when cancelled. */
  Count: stream(
    z.tuple([z.number().int().min(1).max(100), z.number().int().min(0).max(1000)]),
    async function* (ctx, [count, intervalMs]) {
      for (let i = 1; i <= count && !ctx.signal.aborted; i++) {
        if (i > 1 && intervalMs) await sleep(intervalMs, undefined, { signal: ctx.signal }).catch(() => undefined);
        if (ctx.signal.aborted) return;
        yield i;
      }
    },
  ),
};
