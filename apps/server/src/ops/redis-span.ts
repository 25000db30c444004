import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

// OpenTelemetry's ioredis instrumentation stops at ioredis 5 and the server uses 6, so the few Redis
// commands the server sends are traced here. Without the SDK (no OTEL_* settings) the API is a no-op.
const tracer = trace.getTracer('atrium-redis');

/** Runs one Redis command inside a client span named after it (OpenTelemetry's database conventions). */
export function redisSpan<T>(command: string, run: () => Promise<T>): Promise<T> {
  const attributes = { 'db.system': 'redis', 'db.operation.name': command };
  return tracer.startActiveSpan(`redis ${command}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
