import { Button, Dialog, Form, Input, List, Selector, SwipeAction } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { callApi } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { loadList, type BankCard } from './funds.api.ts';

/** /mine/bank: the user's cards; swipe to unbind (confirmed), tap to edit. */
export function BankScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cards, setCards] = useState<BankCard[] | null>(null);
  const reload = useCallback(() => loadList('bank/list').then(setCards), []);
  const refresh = () => void reload();
  useEffect(refresh, [reload]);
  const unbind = async (card: BankCard) => {
    if (
      !(await Dialog.confirm({
        content: t('money.unbindConfirm', { bank: card.bank_name, number: card.masked_number }),
      }))
    ) {
      return;
    }
    const response = await callApi('bank/unbind', { card_id: card.card_id });
    if (response.status === 1) showMessage(translateMsg(response.msg));
    refresh();
  };
  return (
    <div className="screen" data-testid="bank-screen">
      {/* One way to add a card: the button under the list (the header offered it a second time). */}
      <HeaderBar title={t('mine.bank')} />
      <PullRefresh onRefresh={reload}>
        {cards?.length === 0 ? <NoData /> : null}
        <List className="card" style={{ padding: 0 }}>
          {(cards ?? []).map((card) => (
            <SwipeAction
              key={card.card_id}
              rightActions={[
                {
                  key: 'unbind',
                  text: t('money.unbind'),
                  color: 'danger',
                  onClick: () => void unbind(card),
                },
              ]}
            >
              <List.Item
                data-testid="bank-card"
                description={`${card.branch_name} (${card.branch_code}) · ${t(`money.cardType.${card.card_type}`)}`}
                extra={card.masked_number}
                onClick={() => navigate(`/mine/bankAdd?card=${card.card_id}`)}
              >
                {card.bank_name} · {card.holder_kana}
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      </PullRefresh>
      <div className="form-actions">
        <Button
          block
          color="primary"
          onClick={() => navigate('/mine/bankAdd')}
          data-testid="bank-add"
        >
          {t('money.addCard')}
        </Button>
      </div>
    </div>
  );
}

const FIELDS = [
  'holder_kana',
  'bank_name',
  'branch_name',
  'branch_code',
  'account_number',
] as const;

/** Adds the card, or edits it when `cardId` is set; true when the server took it. */
async function saveCard(cardId: string | null, values: Record<string, string | string[]>) {
  const text = (field: (typeof FIELDS)[number]) => String(values[field] ?? '');
  const payload = {
    card_type: (values['card_type'] as string[])[0] ?? 'ordinary',
    holder_kana: text('holder_kana'),
    bank_name: text('bank_name'),
    branch_name: text('branch_name'),
    branch_code: text('branch_code'),
    account_number: text('account_number'),
  };
  const response = cardId
    ? await callApi('bank/edit', { ...payload, card_id: cardId })
    : await callApi('bank/add', payload);
  if (response.status !== 1) return false;
  showMessage(translateMsg(response.msg));
  return true;
}

/** /mine/bankAdd: adds a card, or edits one (?card=id). The holder must be the verified katakana name. */
export function BankAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cardId = params.get('card');
  const [form] = Form.useForm();
  useEffect(() => {
    if (!cardId) return;
    void loadList('bank/list').then((cards) => {
      const card = cards.find((c) => c.card_id === cardId);
      if (card) form.setFieldsValue({ ...card, card_type: [card.card_type] });
    });
  }, [cardId, form]);
  const submit = async (values: Record<string, string | string[]>) => {
    if (await saveCard(cardId, values)) void navigate('/mine/bank', { replace: true });
  };
  return (
    <div className="screen" data-testid="bank-add-screen">
      <HeaderBar title={t(cardId ? 'money.editCard' : 'money.addCard')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ card_type: ['ordinary'] }}
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="bank-save">
            {t('common.submit')}
          </Button>
        }
      >
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`money.card.${field}`)}
            rules={[{ required: true }]}
          >
            <Input
              data-testid={`card-${field}`}
              inputMode={field === 'branch_code' || field === 'account_number' ? 'numeric' : 'text'}
              maxLength={field === 'branch_code' ? 3 : field === 'account_number' ? 7 : 60}
              placeholder={field === 'holder_kana' ? 'ヤマダ タロウ' : undefined}
            />
          </Form.Item>
        ))}
        <Form.Item name="card_type" label={t('money.card.card_type')}>
          <Selector
            options={[
              { label: t('money.cardType.ordinary'), value: 'ordinary' },
              { label: t('money.cardType.current'), value: 'current' },
            ]}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
