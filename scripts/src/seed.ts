// Seeds a fresh install once: config entries, the invitation code, the back-office login.
import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { createSecretBox, type Db } from '@kabuto/schema/db';
import { seedModuleDemos } from '@kabuto/schema/modules/wiring.ts';
import { ensureDemoListings } from './demo-listings.ts';
import { openDb, scriptEnv } from './env.ts';

const CONFIG_DEFAULTS: Record<string, string> = {
  title: 'Kabuto',
  kefu: 'mailto:support@kabuto.example',
  deposit_max_single: '10000000000',
  withdraw_min: '10000',
};

async function alreadySeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('config_entry')
    .select('value')
    .where('name', '=', 'seeded_at')
    .executeTakeFirst();
  return Boolean(row);
}

async function seed(db: Db, dataDir: string, inviteCode: string): Promise<void> {
  const nowMs = Date.now();
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hash(password, { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
  await db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(CONFIG_DEFAULTS)) {
      await trx
        .insertInto('config_entry')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    await trx
      .insertInto('invitation_code')
      .values({ code: inviteCode, owner_user_id: null, active: 1, created_at: nowMs })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('admin_user')
      .values({
        login: 'admin',
        password_hash: passwordHash,
        role: 'administrator',
        created_at: nowMs,
      })
      .onConflict((oc) => oc.column('login').doNothing())
      .execute();
    await trx
      .insertInto('config_entry')
      .values({ name: 'seeded_at', value: new Date(nowMs).toISOString() })
      .execute();
  });
  mkdirSync(dataDir, { recursive: true });
  const loginFile = join(dataDir, 'backoffice-login.txt');
  writeFileSync(loginFile, `login: admin\npassword: ${password}\n`, { mode: 0o600 });
  // The password goes to the file only (mode 0600), never to the terminal or a log.
  console.log(
    `seeded: invitation code ${inviteCode}; back-office login (user admin) written to ${loginFile}`,
  );
}

/** The demo channel as a Japanese bank shows it (Zengin names: the payee's kana with （カ） for 株式会社). */
const DEMO_CHANNEL = {
  name: '銀行振込（デモ）',
  name_en: 'Bank transfer (demo)',
  name_zh: '银行转账（演示）',
  bank_name: 'カブトデモ銀行',
  branch_name: '本店営業部（001）',
  account_name: 'カブトシヨウケン（カ）',
} as const;

/** DESIGN.md section 6: the demo channel caps each transfer at ¥500,000. Added once, also to older installs. */
async function ensureDemoDepositChannel(db: Db): Promise<void> {
  // Installs seeded before the Japanese names get them (only the untouched English demo row).
  await db
    .updateTable('deposit_channel')
    .set(DEMO_CHANNEL)
    .where('name', '=', 'Bank transfer (demo)')
    .execute();
  // Installs seeded before the names were translated get them (only the untouched demo row).
  await db
    .updateTable('deposit_channel')
    .set({ name_en: DEMO_CHANNEL.name_en, name_zh: DEMO_CHANNEL.name_zh })
    .where('name', '=', DEMO_CHANNEL.name)
    .where('name_en', 'is', null)
    .execute();
  const existing = await db.selectFrom('deposit_channel').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('deposit_channel')
    .values({
      ...DEMO_CHANNEL,
      currency: 'JPY',
      account_number: '1234567',
      max_single: 500_000n,
      active: 1,
      created_at: Date.now(),
    })
    .execute();
  console.log('seed: demo deposit channel added');
}

const env = scriptEnv();
const db = openDb();
// The demo listings' and offers' seeds and ticket keys are sealed with the services' key.
const secrets = createSecretBox(env.dataDir, env.secretKey);
try {
  if (await alreadySeeded(db)) console.log('seed: already seeded');
  else await seed(db, env.dataDir, env.inviteCode);
  await ensureDemoDepositChannel(db);
  await ensureDemoListings(db, secrets);
  await seedModuleDemos(db, Date.now(), secrets);
} finally {
  await db.destroy();
}
