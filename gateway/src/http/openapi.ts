import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { CallDefinition } from './call.ts';

const envelope = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  msg: z.string(),
  data: z.unknown(),
});

/** The OpenAPI document, generated from the same zod schemas that validate each call. */
export function buildOpenApi(calls: readonly CallDefinition[]): object {
  const registry = new OpenAPIRegistry();
  for (const call of calls) {
    const body = call.input as z.ZodObject;
    registry.registerPath({
      method: 'post',
      path: `/api/vue/${call.path}`,
      summary: call.summary,
      ...(call.auth === 'user' ? { security: [{ token: [], account: [] }] } : {}),
      request: {
        body: {
          content: {
            'application/x-www-form-urlencoded': { schema: body },
            'application/json': { schema: body },
          },
        },
      },
      responses: {
        200: { description: 'envelope', content: { 'application/json': { schema: envelope } } },
      },
    });
  }
  registry.registerComponent('securitySchemes', 'token', {
    type: 'apiKey',
    in: 'header',
    name: 'token',
  });
  registry.registerComponent('securitySchemes', 'account', {
    type: 'apiKey',
    in: 'header',
    name: 'account',
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kabuto API',
      version: '0.1.0',
      description: 'POST calls under /api/vue/, envelope {status, msg, data}.',
    },
  });
}
