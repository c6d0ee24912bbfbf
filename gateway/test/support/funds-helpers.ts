import { generate } from 'otplib';
import sharp from 'sharp';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { checkAnswer, type Envelope, type Session, type TestGateway } from './test-gateway.ts';

/** A small real photo-like JPEG (noise, so it does not compress to nothing), optionally with EXIF. */
export async function jpeg(width = 640, height = 400, exif = false): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  let image = sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 80 });
  if (exif) {
    image = image.withExif({
      IFD0: { Make: 'KabutoTestCam', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' },
    });
  }
  return image.toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** POSTs multipart form data (fields and files) to a user call. */
export async function multipart(
  t: TestGateway,
  path: string,
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name: string; type?: string }>,
  session?: Session,
): Promise<{ http: number; body: Envelope }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  }
  const response = await fetch(`${t.baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: session ? { token: session.token, account: session.account } : {},
    body: form,
  });
  const answer = (await response.json()) as Envelope;
  return { http: response.status, body: checkAnswer('vue', path, answer) };
}

/** The raw answer of a call that returns a file (an upload, a CSV). */
export async function download(
  t: TestGateway,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string>,
  base = 'vue',
): Promise<{ http: number; type: string; bytes: Buffer }> {
  const response = await fetch(`${t.baseUrl}/api/${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return {
    http: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Creates a reviewer and logs in through the real admin call; returns a caller for /api/admin/. */
export const STAFF_PASSWORD = 'review-pass-1';
let staffCount = 0;

/**
 * A staff member signed in as staff do: a password login (a session that may only enrol), then
 * two-factor set up and confirmed with a real code. An administrator unless a role is asked for
 * (module tests act as the house; `staff-roles.int.test.ts` tests each role). `secret` and
 * `recoveryCodes` let a test sign in again.
 */
export async function reviewer(
  t: TestGateway,
  login = `reviewer${String((staffCount += 1))}x${Date.now() % 1e6}`,
  role: 'reviewer' | 'operator' | 'administrator' = 'administrator',
) {
  await t.testDb.db
    .insertInto('admin_user')
    .values({
      login,
      password_hash: await hashPassword(STAFF_PASSWORD),
      role,
      created_at: Date.now(),
    })
    .execute();
  const post = async (path: string, body: Record<string, string> = {}, token?: string) => {
    const response = await fetch(`${t.baseUrl}/api/admin/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { 'admin-token': token } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
    const answer = (await response.json()) as Envelope;
    return { http: response.status, body: checkAnswer('admin', path, answer) };
  };
  const loggedIn = await post('login', { login, password: STAFF_PASSWORD });
  let token = String(loggedIn.body.data.token);
  const setup = await post('totp/setup', {}, token);
  const secret = String(setup.body.data.secret);
  const codeNow = () => generate({ secret, epoch: Math.floor(t.nowMs() / 1000) });
  const enrolmentCode = await codeNow();
  const enabled = await post('totp/enable', { otp: enrolmentCode }, token);
  if (enabled.body.msg !== 'modify_ok') throw new Error(`staff enrolment: ${enabled.body.msg}`);
  const recoveryCodes = enabled.body.data.recovery_codes as string[];
  const unusedRecovery = [...recoveryCodes];
  // A test that moves the gateway's clock past the idle time signs in again, as staff would: with
  // the authenticator's code, or (its step already used) a recovery code.
  const signInAgain = async () => {
    let again = await post('login', { login, password: STAFF_PASSWORD, otp: await codeNow() });
    if (again.body.msg !== 'login_ok') {
      again = await post('login', {
        login,
        password: STAFF_PASSWORD,
        otp: unusedRecovery.pop() ?? '',
      });
    }
    token = String(again.body.data.token);
  };
  const call = async (path: string, body: Record<string, string> = {}) => {
    const answer = await post(path, body, token);
    if (answer.http !== 401) return answer;
    await signInAgain();
    return post(path, body, token);
  };
  return {
    get token() {
      return token;
    },
    login,
    secret,
    /** The authenticator code the enrolment spent (its step's code is used once). */
    enrolmentCode,
    recoveryCodes,
    call,
    anonymous: post,
  };
}
