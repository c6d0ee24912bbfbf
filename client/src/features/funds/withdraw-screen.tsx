import { Button, Dialog, Form, Input, List, Selector, Tag } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { useSnapshot } from 'valtio';
import { formatAmount } from '../../lib/format.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { assetsState, loadAssets } from '../../lib/assets.store.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { loadList, type BankCard, type WithdrawalRow } from './funds.api.ts';
import { withdrawalNote } from './withdrawal-note.ts';

const STATE_COLOR: Record<string, string> = {
  pending: 'warning',
  sending: 'primary',
  paid: 'success',
  rejected: 'danger',
  failed: 'danger',
};

function RecentWithdrawals({ version }: { version: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<WithdrawalRow[]>([]);
  const reload = useCallback(
    () => loadList('user/withdrawallist', { type: 'jpy' }).then(setRows),
    [],
  );
  useEffect(() => void reload(), [reload, version]);
  if (rows.length === 0) return null;
  return (
    <PullRefresh onRefresh={reload}>
      <List header={t('money.recentWithdrawals')} className="card" style={{ padding: 0 }}>
        {rows.slice(0, 5).map((row) => (
          <List.Item
            key={row.withdrawal_id}
            data-testid="withdrawal-row"
            description={withdrawalNote(row)}
            extra={
              <Tag color={STATE_COLOR[row.state] ?? 'default'}>
                {t(`money.withdrawalStatus.${row.state}`)}
              </Tag>
            }
          >
            {formatAmount(row.money, 'JPY')}
          </List.Item>
        ))}
      </List>
    </PullRefresh>
  );
}

interface WithdrawValues {
  card: string[];
  amount: string;
  fund_password: string;
  otp?: string;
}

/** Sends the withdrawal request (a fresh request id each time); true when it was accepted. */
async function requestWithdrawal(values: WithdrawValues) {
  const payload = {
    card_id: values.card[0] ?? '',
    amount: values.amount,
    fund_password: values.fund_password,
    request_id: newRequestId(),
    ...(values.otp ? { otp: values.otp } : {}),
  };
  const response = await callApi('fund/withdraw', payload);
  if (response.status !== 1) return false;
  showMessage(translateMsg(response.msg));
  return true;
}

/** The withdrawal form: card, amount in yen, fund password and (when on) the authenticator code. */
function WithdrawForm({
  cards,
  totp,
  onWithdrawn,
}: {
  cards: BankCard[];
  totp: boolean;
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const submit = async (values: WithdrawValues) => {
    const card = cards.find((c) => c.card_id === values.card[0]);
    // Money leaves the account: the user sees how much and to which card before it is sent.
    const confirmed = await Dialog.confirm({
      content: t('money.withdrawConfirm', {
        amount: formatAmount(values.amount, 'JPY'),
        card: card ? `${card.bank_name} ${card.masked_number}` : '',
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed || !(await requestWithdrawal(values))) return;
    form.resetFields();
    onWithdrawn();
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ card: [cards[0]?.card_id] }}
      footer={
        <Button block type="submit" color="primary" size="large" data-testid="withdraw-submit">
          {t('mine.withdraw')}
        </Button>
      }
    >
      <Form.Item name="card" label={t('money.toCard')}>
        <Selector
          columns={1}
          options={cards.map((c) => ({
            value: c.card_id,
            label: `${c.bank_name} ${c.masked_number}`,
            description: c.holder_kana,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('money.amountJpy')}
        rules={[{ required: true }, { pattern: /^\d{1,13}$/, message: t('msg.invalid_param') }]}
      >
        <Input inputMode="numeric" data-testid="withdraw-amount" />
      </Form.Item>
      <Form.Item name="fund_password" label={t('mine.fundPassword')} rules={[{ required: true }]}>
        <Input
          type="password"
          inputMode="numeric"
          maxLength={6}
          data-testid="withdraw-fund-password"
        />
      </Form.Item>
      {totp ? (
        <Form.Item name="otp" label={t('money.otp')} rules={[{ required: true }]}>
          <Input inputMode="numeric" maxLength={6} data-testid="withdraw-otp" />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** /mine/withdraw: to one of the user's cards, in yen, with the fund password (and TOTP when on). */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cards, setCards] = useState<BankCard[]>([]);
  // Yen cash exactly, from the same summary Mine shows (its cash by currency), not the whole account in yen.
  const available = useSnapshot(assetsState).summary?.cash?.['JPY'];
  const [totp, setTotp] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void loadList('bank/list').then(setCards);
    void loadAssets({ loading: false });
    void callApi('security/status').then((r) => r.status === 1 && setTotp(r.data.totp_enabled));
  }, [version]);
  return (
    <div className="screen" data-testid="withdraw-screen">
      <HeaderBar title={t('mine.withdraw')} />
      <div className="card">
        <div className="figure total">
          <label>{t('money.availableJpy')}</label>
          <strong data-testid="withdraw-available">{formatAmount(available, 'JPY')}</strong>
        </div>
      </div>
      {cards.length === 0 ? (
        <div className="form-actions">
          <Button block onClick={() => void navigate('/mine/bankAdd')}>
            {t('money.addCard')}
          </Button>
        </div>
      ) : (
        <WithdrawForm cards={cards} totp={totp} onWithdrawn={() => setVersion((v) => v + 1)} />
      )}
      <div className="card prose">
        <p className="muted">{t('money.withdrawRules')}</p>
        <p data-testid="no-fee-line">
          <strong>{t('money.noFeeLine')}</strong>
        </p>
      </div>
      <RecentWithdrawals version={version} />
    </div>
  );
}
