import type { AccessPolicy } from '@atrium/contracts';
import { z } from 'zod';
import type { ProblemStatus } from './openapi.js';

/** The path parameter of a route on one record: its id. */
export const idParams = z.object({ id: z.uuid() });

/** The response of a route that answers 204 No Content. */
export const noContent = { 204: z.null() };

/**
 * A module's route options, its OpenAPI tags given once: `route(policy, summary, schema, config?)` is
 * `{ config: { ...config, policy }, schema: { tags, summary, ...schema } }`, the rest of the route's
 * schema (params, querystring, body, response, description) as Fastify takes it, and `config` the
 * route's other settings: a `rateLimit`, say, or `errors`, the error statuses it answers beyond
 * those its policy, parameters and method imply (http/openapi.ts, errorStatuses).
 */
export function routeOptions(tags: string[]) {
  return <S extends object, C extends object = object>(
    policy: AccessPolicy,
    summary: string,
    schema: S,
    config?: C & { errors?: readonly ProblemStatus[] },
  ) => ({
    config: { ...config, policy } as C & { policy: AccessPolicy; errors?: readonly ProblemStatus[] },
    schema: { tags, summary, ...schema },
  });
}
