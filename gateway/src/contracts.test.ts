import { describe, expect, it } from 'vitest';
import { ADMIN_CALL_CONTRACTS, CALL_CONTRACTS, FILE_ANSWER } from '@kabuto/schema/contracts';
import { ADMIN_CALLS, CALLS } from './calls.ts';
import type { CallDefinition } from './http/call.ts';
import { buildOpenApi } from './http/openapi.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
type Doc = { paths: Record<string, { post: Operation }> };

function contractsOf(calls: readonly CallDefinition[]) {
  return Object.fromEntries(calls.map((c) => [c.path, { input: c.input, output: c.output }]));
}

describe('call contracts', () => {
  it('every call under /api/vue/ uses the input and output schemas of its contract, and no contract lacks a call', () => {
    expect(contractsOf(CALLS)).toEqual(CALL_CONTRACTS);
    for (const call of CALLS) {
      const contract = CALL_CONTRACTS[call.path as keyof typeof CALL_CONTRACTS];
      expect(call.input, call.path).toBe(contract.input);
      expect(call.output, call.path).toBe(contract.output);
    }
  });

  it('every back-office call uses the schemas of its contract', () => {
    expect(contractsOf(ADMIN_CALLS)).toEqual(ADMIN_CALL_CONTRACTS);
    for (const call of ADMIN_CALLS) {
      const contract = ADMIN_CALL_CONTRACTS[call.path as keyof typeof ADMIN_CALL_CONTRACTS];
      expect(call.output, call.path).toBe(contract.output);
    }
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApi(CALLS, ADMIN_CALLS) as Doc;
  const everyCall = [
    ...CALLS.map((call) => ({ call, path: `/api/vue/${call.path}` })),
    ...ADMIN_CALLS.map((call) => ({ call, path: `/api/admin/${call.path}` })),
  ];

  it('lists every call, the back office included', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(everyCall.map((c) => c.path).sort());
  });

  it('describes the answer of every call: the envelope with its data schema, or the file', () => {
    for (const { call, path } of everyCall) {
      const ok = doc.paths[path]?.post.responses['200']?.content;
      if (call.output === FILE_ANSWER) {
        expect(ok?.['application/octet-stream'], path).toBeDefined();
        continue;
      }
      const envelope = ok?.['application/json']?.schema as {
        properties?: Record<string, unknown>;
      };
      expect(Object.keys(envelope?.properties ?? {}), path).toEqual(['status', 'msg', 'data']);
      const data = envelope.properties?.['data'] as Record<string, unknown>;
      // A described answer: a type, a union, a reference or a null, never an empty schema.
      expect(Object.keys(data).length, path).toBeGreaterThan(0);
    }
  });

  it('describes the refusal of every call', () => {
    for (const { path } of everyCall) {
      expect(
        doc.paths[path]?.post.responses['default']?.content?.['application/json'],
        path,
      ).toBeDefined();
    }
  });

  it('spells out the fields of an answer (user/assets) and of a back-office list (kyc/list)', () => {
    const dataOf = (path: string) =>
      (
        doc.paths[path]?.post.responses['200']?.content?.['application/json']?.schema as {
          properties: Record<string, Record<string, unknown>>;
        }
      ).properties['data'];
    expect(Object.keys((dataOf('/api/vue/user/assets')?.['properties'] ?? {}) as object)).toEqual(
      expect.arrayContaining(['total', 'available', 'frozen', 'cash']),
    );
    const kycRow = (dataOf('/api/admin/kyc/list')?.['items'] ?? {}) as {
      properties?: object;
    };
    expect(Object.keys(kycRow.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'account', 'name_kanji', 'front_upload_id']),
    );
  });
});
