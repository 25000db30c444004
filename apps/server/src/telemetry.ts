import { register } from 'node:module';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry traces of HTTP (in and out), PostgreSQL and Redis, exported as the standard OTEL_*
 * variables say (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME, ...).
 * main.ts imports this module only when traces are configured, before any module it instruments.
 */
export function startTracing() {
  // The server is ES modules: the loader hook lets the instrumentations patch what they import.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const sdk = new NodeSDK({
    // Redis commands are traced where they are sent (ops/redis-span.ts): the ioredis instrumentation
    // patches ioredis up to 5, and the server uses 6.
    instrumentations: [new HttpInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
