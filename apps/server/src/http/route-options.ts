import type { AccessPolicy } from '@atrium/contracts';
import { z } from 'zod';

/** The path parameter of a route on one record: its id. */
export const idParams = z.object({ id: z.uuid() });

/** The response of a route that answers 204 No Content. */
export const noContent = { 204: z.null() };

/**
 * A module's route options, its OpenAPI tags given once: `route(policy, summary, schema)` is
 * `{ config: { policy }, schema: { tags, summary, ...schema } }`, the rest of the route's schema
 * (params, querystring, body, response, description) as Fastify takes it.
 */
export function routeOptions(tags: string[]) {
  return <S extends object>(policy: AccessPolicy, summary: string, schema: S) => ({
    config: { policy },
    schema: { tags, summary, ...schema },
  });
}
