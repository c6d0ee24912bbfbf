import { Button, Form, Input, List, Selector, Tag } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callApi, callMultipart, newRequestId } from '../../lib/api-client.ts';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { isAboveCap } from '../../lib/amount-input.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { formatWhen } from '../../lib/format-time.ts';
import {
  loadList,
  type ChannelDetails,
  type DepositChannel,
  type DepositRow,
} from './funds.api.ts';
import { PhotoField } from './photo-field.tsx';
import { channelName } from './channel-name.ts';
import { storage } from '../../lib/storage.ts';

const STATUS_COLOR: Record<string, string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

function RecentDeposits() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DepositRow[]>([]);
  const reload = useCallback(() => loadList('fund/deposits').then(setRows), []);
  useEffect(() => void reload(), [reload]);
  if (rows.length === 0) return null;
  return (
    <PullRefresh onRefresh={reload}>
      <List header={t('money.recentDeposits')} className="card" style={{ padding: 0 }}>
        {rows.slice(0, 5).map((row) => (
          <List.Item
            key={row.deposit_id}
            data-testid="deposit-row"
            description={row.reason ?? formatWhen(row.created_at)}
            extra={
              <Tag color={STATUS_COLOR[row.status] ?? 'default'}>
                {t(`money.depositStatus.${row.status}`)}
              </Tag>
            }
          >
            {formatAmount(row.amount, row.currency)}
          </List.Item>
        ))}
      </List>
    </PullRefresh>
  );
}

/** /mine/stored: how much, through which channel (each channel shows its per-transfer cap). */
export function StoredScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [channels, setChannels] = useState<DepositChannel[]>([]);
  useEffect(() => void loadList('fund/channels').then(setChannels), []);
  const submit = (values: { amount: string; channel: string[] }) => {
    const channel = values.channel[0] ?? channels[0]?.channel_id ?? '';
    void navigate(`/mine/deposit?channel=${channel}&amount=${encodeURIComponent(values.amount)}`);
  };
  return (
    <div className="screen" data-testid="stored-screen">
      <HeaderBar title={t('mine.deposit')} />
      {channels.length ? (
        <Form
          layout="vertical"
          onFinish={submit}
          initialValues={{ channel: [channels[0]?.channel_id] }}
          footer={
            <Button block type="submit" color="primary" size="large" data-testid="stored-next">
              {t('money.next')}
            </Button>
          }
        >
          <Form.Item name="channel" label={t('money.channel')}>
            <Selector
              columns={1}
              options={channels.map((c) => ({
                value: c.channel_id,
                label: channelName(c, storage.language()),
                description: `${t('money.maxSingle')} ${formatAmount(c.max_single, c.currency)}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('money.amount')}
            dependencies={['channel']}
            rules={[
              { required: true },
              { pattern: /^\d{1,13}(\.\d{1,2})?$/, message: t('msg.invalid_param') },
              ({ getFieldValue }) => ({
                // The channel's cap, said where the amount is typed (not after the password,
                // the bank details and the proof).
                validator: async (_, value: string | undefined) => {
                  const picked = channels.find(
                    (c) => c.channel_id === (getFieldValue('channel') as string[])?.[0],
                  );
                  if (!picked || !value || !isAboveCap(value, picked.max_single)) return;
                  throw new Error(
                    t('money.overCap', { max: formatAmount(picked.max_single, picked.currency) }),
                  );
                },
              }),
            ]}
          >
            <Input inputMode="decimal" data-testid="stored-amount" />
          </Form.Item>
        </Form>
      ) : null}
      <p className="muted prose" style={{ padding: '0 16px' }}>
        {t('money.depositHours')}
      </p>
      <RecentDeposits />
    </div>
  );
}

function ChannelDetailsCard({ details }: { details: ChannelDetails }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('money.receivingBank'), details.bank_name],
    [t('money.receivingBranch'), details.branch_name],
    [t('money.accountName'), details.account_name],
    [t('money.accountNumber'), details.account_number],
  ];
  return (
    <List className="card" style={{ padding: 0 }} data-testid="channel-details">
      {/* Label above, value on its own line: a long payee name wraps instead of being cut off. */}
      {rows.map(([label, value]) => (
        <List.Item key={label} title={label}>
          <span className="detail-value" data-testid="channel-detail">
            {value}
          </span>
        </List.Item>
      ))}
      <List.Item
        extra={<strong data-testid="transfer-reference">{details.transfer_reference}</strong>}
        description={t('money.referenceNote')}
      >
        {t('money.reference')}
      </List.Item>
    </List>
  );
}

/** The channel password form: a right password answers with the channel's bank details. */
function ChannelUnlockForm({
  channelId,
  onUnlocked,
}: {
  channelId: string;
  onUnlocked: (details: ChannelDetails) => void;
}) {
  const { t } = useTranslation();
  const unlock = async (values: { channel_password: string }) => {
    const response = await callApi('fund/channel', {
      channel_id: channelId,
      channel_password: values.channel_password,
    });
    if (response.status === 1) onUnlocked(response.data);
  };
  return (
    <Form
      layout="vertical"
      onFinish={unlock}
      footer={
        <Button block type="submit" color="primary" size="large" data-testid="channel-unlock">
          {t('money.showDetails')}
        </Button>
      }
    >
      <Form.Item
        name="channel_password"
        label={t('money.channelPassword')}
        help={t('money.channelPasswordHelp')}
        rules={[{ required: true }]}
      >
        <Input type="password" inputMode="numeric" maxLength={32} data-testid="channel-password" />
      </Form.Item>
    </Form>
  );
}

/** The bank details to transfer to, then the transfer proof and the deposit request with it. */
function DepositProofStep({
  details,
  channelId,
  amount,
}: {
  details: ChannelDetails;
  channelId: string;
  amount: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [proof, setProof] = useState<File | null>(null);
  const [requestId] = useState(newRequestId);
  const submit = async () => {
    const response = await callMultipart(
      'fund/deposit',
      { channel_id: channelId, amount, request_id: requestId },
      proof ? { proof } : {},
    );
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    void navigate('/mine/stored', { replace: true });
  };
  return (
    <>
      <ChannelDetailsCard details={details} />
      <div className="photo-row">
        <PhotoField label={t('money.proof')} testId="deposit-proof" onChange={setProof} />
      </div>
      <div className="form-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!proof}
          onClick={() => void submit()}
          data-testid="deposit-submit"
        >
          {t('common.submit')}
        </Button>
      </div>
    </>
  );
}

/** /mine/deposit: the channel password unlocks the bank details; then the transfer proof is uploaded. */
export function DepositScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const channelId = params.get('channel') ?? '';
  const amount = params.get('amount') ?? '';
  const [details, setDetails] = useState<ChannelDetails | null>(null);
  return (
    <div className="screen" data-testid="deposit-screen">
      <HeaderBar title={t('mine.deposit')} />
      <div className="card">
        <div className="figure total">
          <label>{t('money.amount')}</label>
          <strong data-testid="deposit-amount">
            {details ? formatAmount(amount, details.currency) : formatMoney(amount)}
          </strong>
        </div>
      </div>
      {details ? (
        <DepositProofStep details={details} channelId={channelId} amount={amount} />
      ) : (
        <ChannelUnlockForm channelId={channelId} onUnlocked={setDetails} />
      )}
    </div>
  );
}
