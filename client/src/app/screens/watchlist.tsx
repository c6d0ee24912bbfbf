import { AlertSheet } from '../../features/alerts/alert-sheet.tsx';
import { WatchlistScreen } from '../../features/quotes/watchlist-screen.tsx';

/** The watchlist composed with the alerts' sheet (quotes never imports alerts). */
export function Watchlist() {
  return (
    <WatchlistScreen
      alertSheet={(row, close) => (
        <AlertSheet symbol={row.symbol} name={row.name} onClose={close} />
      )}
    />
  );
}
