import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { unreadBadge, useUnreadCount } from '../lib/unread.store.ts';

/** Home, Quotes, Trade (positions), News, Mine (DESIGN.md section 6). */
export const MENU = [
  { key: '/home/home', label: 'menu.home', icon: '⌂' },
  { key: '/home/index', label: 'menu.quotes', icon: '↗' },
  { key: '/position/index', label: 'menu.trade', icon: '⇅' },
  { key: '/news/index', label: 'menu.news', icon: '☰' },
  { key: '/mine/index', label: 'menu.mine', icon: '◉' },
] as const;

export function BottomMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  return (
    <nav className="bottom-menu" aria-label="main">
      <TabBar activeKey={location.pathname} onChange={(key: string) => navigate(key)}>
        {MENU.map((item) => (
          <TabBar.Item
            key={item.key}
            title={t(item.label)}
            icon={<span aria-hidden>{item.icon}</span>}
            badge={item.key === '/mine/index' && unread > 0 ? unreadBadge(unread) : undefined}
          />
        ))}
      </TabBar>
    </nav>
  );
}
