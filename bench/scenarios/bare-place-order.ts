// The bare baseline of DESIGN.md §11: a minimal Express POST doing the place-order transaction
// on raw better-sqlite3 (read balance, update it, insert the order and two ledger rows), with the
// same durability settings as the app (WAL, synchronous FULL, BEGIN IMMEDIATE).
import type { Server } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';

export function startBarePlaceOrder(
  dataDir: string,
  accounts: number,
): Promise<{ url: string; close(): void }> {
  const db = new Database(join(dataDir, 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`create table account (id integer primary key, balance integer not null check (balance >= 0));
    create table orders (id integer primary key, account_id integer not null, symbol text not null, qty integer not null, price integer not null, margin integer not null, request_id text not null unique, created_at integer not null);
    create table ledger (id integer primary key, account_id integer not null, order_id integer not null, amount integer not null, created_at integer not null);`);
  const seed = db.prepare('insert into account (id, balance) values (?, ?)');
  for (let i = 1; i <= accounts; i += 1) seed.run(i, 10_000_000);
  const readBalance = db.prepare('select balance from account where id = ?');
  const updateBalance = db.prepare('update account set balance = balance - ? where id = ?');
  const insertOrder = db.prepare(
    'insert into orders (account_id, symbol, qty, price, margin, request_id, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertLedger = db.prepare(
    'insert into ledger (account_id, order_id, amount, created_at) values (?, ?, ?, ?)',
  );
  const place = db.transaction((account: number, qty: number, price: number, requestId: string) => {
    const margin = Math.ceil((qty * price) / 5);
    const row = readBalance.get(account) as { balance: number } | undefined;
    if (!row || row.balance < margin) return null;
    updateBalance.run(margin, account);
    const now = Date.now();
    const orderId = insertOrder.run(
      account,
      '9432',
      qty,
      price,
      margin,
      requestId,
      now,
    ).lastInsertRowid;
    insertLedger.run(account, orderId, -margin, now);
    insertLedger.run(0, orderId, margin, now);
    return orderId;
  });
  const app = express();
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));
  app.post('/order', (req, res) => {
    const body = req.body as Record<string, string>;
    const orderId = place.immediate(
      Number(body['account']),
      Number(body['qty']),
      155,
      String(body['request_id']),
    );
    res.json(
      orderId === null
        ? { status: 0, msg: 'balance_insufficient' }
        : { status: 1, msg: 'purchase_ok', data: { order_id: String(orderId) } },
    );
  });
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/order`,
        close: () => {
          server.close();
          db.close();
        },
      });
    });
  });
}
