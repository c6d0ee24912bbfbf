import { List } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { callApi } from '../../lib/api-client.ts';
import { loadUnread } from '../../lib/unread.store.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { loadList, type InboxMessage } from './funds.api.ts';
import { inboxParams } from './inbox-params.ts';

function PhraseBanner({ phrase }: { phrase: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="phrase-banner" data-testid="anti-phishing">
      {phrase ? t('money.phraseShown', { phrase }) : t('money.phraseMissing')}
    </div>
  );
}

/** /mine/message: the inbox, newest first; every message carries the user's anti-phishing phrase. */
export function InboxScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const reload = useCallback(() => loadList('user/messages').then(setMessages), []);
  useEffect(() => void reload(), [reload]);
  return (
    <div className="screen" data-testid="inbox-screen">
      <HeaderBar title={t('mine.message')} />
      <PullRefresh onRefresh={reload}>
        {messages?.length === 0 ? <NoData /> : null}
        <List className="card" style={{ padding: 0 }}>
          {(messages ?? []).map((m) => (
            <List.Item
              key={m.message_id}
              data-testid="inbox-item"
              data-kind={m.kind}
              onClick={() => navigate(`/mine/messageInfo?id=${m.message_id}`)}
              description={formatWhen(m.created_at)}
              extra={m.read ? null : <span className="unread-dot" />}
            >
              <span data-testid="inbox-title">
                {t(`money.inbox.${m.kind}.title`, inboxParams(m.params, formatWhen))}
              </span>
            </List.Item>
          ))}
        </List>
      </PullRefresh>
    </div>
  );
}

/** /mine/messageInfo?id=: one message, marked read. */
export function MessageInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [message, setMessage] = useState<InboxMessage | null>(null);
  useEffect(() => {
    void loadList('user/messages').then((all) =>
      setMessage(all.find((m) => m.message_id === id) ?? null),
    );
    void callApi('user/messageRead', { id }, { quiet: true }).then(() => loadUnread());
  }, [id]);
  return (
    <div className="screen" data-testid="message-info">
      <HeaderBar title={t('mine.messageInfo')} />
      {message ? (
        <div className="card prose">
          <PhraseBanner phrase={message.anti_phishing_phrase} />
          <h3 data-testid="message-title">
            {t(`money.inbox.${message.kind}.title`, inboxParams(message.params, formatWhen))}
          </h3>
          <p data-testid="message-body">
            {t(`money.inbox.${message.kind}.body`, inboxParams(message.params, formatWhen))}
          </p>
          <p className="muted">{formatWhen(message.created_at)}</p>
        </div>
      ) : null}
    </div>
  );
}
