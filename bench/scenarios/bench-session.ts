// A signed-in, paper-funded user of a bench's stack, made through the public calls as a user would.
import type { Redis } from 'ioredis';
import type { TestStack } from '../../scripts/src/testing/stack.ts';

export interface BenchSession {
  readonly token: string;
  readonly account: string;
}

/** POSTs a form to `/api/vue/<path>` and returns the answer's JSON. */
export async function postForm<T = { data: { token: string } }>(
  baseUrl: string,
  path: string,
  body: Record<string, string>,
  session?: BenchSession,
): Promise<T> {
  const send = () =>
    fetch(`${baseUrl}/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(session ? { token: session.token, account: session.account } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  // A kept-alive socket the server closed while the bench was busy elsewhere fails once: resend.
  const response = await send().catch(send);
  return (await response.json()) as T;
}

/** Registers `<name>` with the house invitation and signs in (the code from the paper outbox). */
export async function signedInUser(
  stack: TestStack,
  redis: Redis,
  name: string,
): Promise<BenchSession> {
  const post = (path: string, body: Record<string, string>) => postForm(stack.baseUrl, path, body);
  const account = `${name}.${stack.prefix}@example.jp`;
  await redis
    .del(
      `${stack.prefix}:rl:sendcode-ip:127.0.0.1`,
      `${stack.prefix}:rl:sendcode-ip:::ffff:127.0.0.1`,
    )
    .catch(() => undefined);
  await post('common/sendcode', { account, purpose: 'register' });
  await post('user/register', {
    account,
    password: 'bench-pass-1',
    repassword: 'bench-pass-1',
    invite: 'KABUTO',
    code: stack.outboxCode(account),
    agree: '1',
  });
  const login = await post('user/login', { account, password: 'bench-pass-1' });
  return { token: login.data.token, account };
}

/** `bench<n>`, signed in, with the paper grant in yen. */
export async function fundedUser(stack: TestStack, redis: Redis, n: number): Promise<BenchSession> {
  const session = await signedInUser(stack, redis, `bench${n}`);
  await postForm(
    stack.baseUrl,
    'user/paperfund',
    { currency: 'jpy', request_id: `grant-${n}-000` },
    session,
  );
  return session;
}
