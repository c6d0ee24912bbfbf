import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { adminCall, adminToken } from './admin-api.ts';
import { consoleState, may } from './console.store.ts';
import { LoginScreen } from './login-screen.tsx';
import { EnrolScreen } from './enrol-screen.tsx';
import { ConsoleShell } from './console-shell.tsx';
import { QueueScreen } from './queue-screen.tsx';
import { UsersScreen } from './users-screen.tsx';
import { StaffScreen } from './staff-screen.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { NewsScreen } from './news-screen.tsx';
import { SettingsScreen } from './settings-screen.tsx';
import { LedgerScreen } from './ledger-screen.tsx';
import { IpoListingsScreen } from './listings-ipo.tsx';
import { BlockOffersScreen } from './listings-block.tsx';
import { ProductsScreen } from './listings-products.tsx';

/** Reads who the stored token belongs to (a reload keeps the session until it ends). */
async function resume(): Promise<void> {
  if (!adminToken.get()) return;
  const me = await adminCall('me');
  if (me.ok) consoleState.me = me.data;
}

function landing(powers: readonly string[]): string {
  if (powers.includes('review')) return '/queues/kyc';
  if (powers.includes('users')) return '/users';
  return '/queues/kyc';
}

export function Console() {
  const { me } = useSnapshot(consoleState);
  const [resumed, setResumed] = useState(false);
  useEffect(() => {
    void resume().finally(() => setResumed(true));
  }, []);
  if (!resumed) return null;
  if (!me) return <LoginScreen />;
  if (me.second_factor === 'enrol') return <EnrolScreen />;
  return (
    <HashRouter>
      <ConsoleShell>
        <Routes>
          <Route path="/queues/:kind" element={<QueueScreen />} />
          <Route path="/users" element={<UsersScreen />} />
          {may(me, 'news') ? <Route path="/news" element={<NewsScreen />} /> : null}
          {may(me, 'staff') ? <Route path="/staff" element={<StaffScreen />} /> : null}
          {may(me, 'staff') ? <Route path="/audit" element={<AuditScreen />} /> : null}
          <Route path="/settings" element={<SettingsScreen />} />
          {may(me, 'ledger') ? <Route path="/ledger" element={<LedgerScreen />} /> : null}
          {may(me, 'listings') ? (
            <Route path="/listings/ipo" element={<IpoListingsScreen />} />
          ) : null}
          {may(me, 'listings') ? (
            <Route path="/listings/block" element={<BlockOffersScreen />} />
          ) : null}
          {may(me, 'listings') ? (
            <Route path="/listings/products" element={<ProductsScreen />} />
          ) : null}
          <Route path="*" element={<Navigate to={landing(me.powers)} replace />} />
        </Routes>
      </ConsoleShell>
    </HashRouter>
  );
}
