import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Pull-to-refresh for a list (spec section 9: normal, pulling, loosing, loading, success), each
 * state worded in the reader's language.
 */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={<span data-testid="pull-pulling">{t('pull.pulling')}</span>}
      canReleaseText={<span data-testid="pull-release">{t('pull.canRelease')}</span>}
      refreshingText={<span data-testid="pull-loading">{t('pull.refreshing')}</span>}
      completeText={<span data-testid="pull-complete">{t('pull.complete')}</span>}
    >
      {children}
    </PullToRefresh>
  );
}
