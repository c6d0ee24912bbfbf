import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { FILE_ANSWER, REFUSAL_KEYS, SUCCESS_KEYS } from '@kabuto/schema/contracts';
import type { CallDefinition } from './call.ts';

/** A refusal: `status` 0, a msg key, no data (CONTRACT.md section 2). */
const refusal = z.object({
  status: z.literal(0),
  msg: z.enum(REFUSAL_KEYS),
  data: z.unknown(),
});

/** The success envelope around a call's output schema, or the file it answers with. */
function successOf(call: CallDefinition): ResponseConfig {
  if (call.output === FILE_ANSWER) {
    return {
      description: 'the file (an image or a CSV statement)',
      content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
    };
  }
  const envelope = z.object({ status: z.literal(1), msg: z.enum(SUCCESS_KEYS), data: call.output });
  return { description: 'done', content: { 'application/json': { schema: envelope } } };
}

const SECURITY: Record<CallDefinition['auth'], RouteConfig['security']> = {
  none: undefined,
  user: [{ token: [], account: [] }],
  admin: [{ adminToken: [] }],
};

function register(registry: OpenAPIRegistry, base: string, call: CallDefinition): void {
  const body = call.input as z.ZodObject;
  const security = SECURITY[call.auth];
  registry.registerPath({
    method: 'post',
    path: `${base}/${call.path}`,
    summary: call.summary,
    ...(security ? { security } : {}),
    request: {
      body: {
        content: {
          'application/x-www-form-urlencoded': { schema: body },
          'application/json': { schema: body },
        },
      },
    },
    responses: {
      200: successOf(call),
      default: {
        description: 'refused: 4xx (or 503 to retry), nothing done',
        content: { 'application/json': { schema: refusal } },
      },
    },
  });
}

function registerSecuritySchemes(registry: OpenAPIRegistry): void {
  for (const [scheme, header] of [
    ['token', 'token'],
    ['account', 'account'],
    ['adminToken', 'admin-token'],
  ] as const) {
    registry.registerComponent('securitySchemes', scheme, {
      type: 'apiKey',
      in: 'header',
      name: header,
    });
  }
}

/**
 * The OpenAPI document, generated from the same zod schemas that validate each call's input and
 * describe its answer: the app's calls under /api/vue/ and the back office's under /api/admin/.
 */
export function buildOpenApi(
  calls: readonly CallDefinition[],
  adminCalls: readonly CallDefinition[] = [],
): object {
  const registry = new OpenAPIRegistry();
  for (const call of calls) register(registry, '/api/vue', call);
  for (const call of adminCalls) register(registry, '/api/admin', call);
  registerSecuritySchemes(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kabuto API',
      version: '0.1.0',
      description:
        'POST calls under /api/vue/ (the back office’s under /api/admin/, documented for staff at GET /api/admin/docs), envelope {status, msg, data}.',
    },
  });
}
