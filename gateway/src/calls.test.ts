import { describe, expect, it } from 'vitest';
import { ADMIN_CALL_CONTRACTS, CALL_CONTRACTS } from '@kabuto/schema/contracts';
import { ADMIN_CALLS, CALLS } from './calls.ts';
import type { CallDefinition } from './http/call.ts';
import { buildOpenApi } from './http/openapi.ts';

// Properties of the call registry, whatever modules it holds (a new module adds calls without
// editing this file): each call is reachable at one path, has a contract and is documented.
/** A path below the API root: segments of letters, digits, `_`, `-` and `.`, no leading slash. */
const PATH = /^[\w.-]+(\/[\w.-]+)*$/;
const doc = buildOpenApi(CALLS, ADMIN_CALLS) as { paths: Record<string, { post?: unknown }> };

function registryHolds(calls: readonly CallDefinition[], base: string, contracts: object): void {
  const paths = calls.map((c) => c.path);
  expect(new Set(paths).size, `${base}: a path listed twice`).toBe(paths.length);
  expect(paths.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.path, call.path).toMatch(PATH);
    expect(call.summary.trim().length, call.path).toBeGreaterThan(0);
    expect(Object.keys(contracts), `${call.path} has no contract`).toContain(call.path);
    expect(doc.paths[`${base}/${call.path}`]?.post, `${call.path} is not documented`).toBeDefined();
  }
}

describe('the call registry', () => {
  it('every user call has one path, a contract and an OpenAPI entry, and none is admin-only', () => {
    registryHolds(CALLS, '/api/vue', CALL_CONTRACTS);
    expect(CALLS.filter((c) => c.auth === 'admin').map((c) => c.path)).toEqual([]);
  });

  it('every back-office call has one path, a contract and an OpenAPI entry, and needs the admin but the login', () => {
    registryHolds(ADMIN_CALLS, '/api/admin', ADMIN_CALL_CONTRACTS);
    expect(ADMIN_CALLS.filter((c) => c.auth !== 'admin').map((c) => c.path)).toEqual(['login']);
  });

  it('the OpenAPI document lists exactly the registered calls, nothing else', () => {
    const documented = Object.keys(doc.paths).sort();
    const registered = [
      ...CALLS.map((c) => `/api/vue/${c.path}`),
      ...ADMIN_CALLS.map((c) => `/api/admin/${c.path}`),
    ].sort();
    expect(documented).toEqual(registered);
  });

  it('every declared call has one handler and no handler lacks a declaration', () => {
    expect(CALLS.map((c) => c.path).sort()).toEqual(Object.keys(CALL_CONTRACTS).sort());
    expect(ADMIN_CALLS.map((c) => c.path).sort()).toEqual(Object.keys(ADMIN_CALL_CONTRACTS).sort());
  });
});
