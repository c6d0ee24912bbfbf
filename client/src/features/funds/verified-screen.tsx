import { Button, Checkbox, Form, Input, Result, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callMultipart } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { loadKyc, type KycStatus } from './funds.api.ts';
import { PhotoField } from './photo-field.tsx';

const DOCUMENTS = ['my_number', 'drivers_licence', 'health_insurance'] as const;

function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const submit = async (values: {
    name_kanji: string;
    name_kana: string;
    id_number: string;
    document_type: string[];
    consent: boolean;
  }) => {
    const files: Record<string, File> = {};
    if (front) files['front'] = front;
    if (back) files['back'] = back;
    const fields = {
      name_kanji: values.name_kanji,
      name_kana: values.name_kana,
      id_number: values.id_number,
      document_type: values.document_type[0] ?? '',
      consent: values.consent ? '1' : '0',
    };
    const response = await callMultipart('user/verify', fields, files);
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    onSubmitted();
  };
  return (
    <Form
      layout="vertical"
      onFinish={submit}
      initialValues={{ document_type: ['my_number'], consent: false }}
      footer={
        <Button block type="submit" color="primary" size="large" data-testid="kyc-submit">
          {t('common.submit')}
        </Button>
      }
    >
      <Form.Item name="name_kanji" label={t('money.nameKanji')} rules={[{ required: true }]}>
        <Input placeholder="山田 太郎" data-testid="kyc-kanji" />
      </Form.Item>
      <Form.Item name="name_kana" label={t('money.nameKana')} rules={[{ required: true }]}>
        <Input placeholder="ヤマダ タロウ" data-testid="kyc-kana" />
      </Form.Item>
      <Form.Item name="document_type" label={t('money.documentType')}>
        <Selector
          columns={1}
          options={DOCUMENTS.map((d) => ({ label: t(`money.document.${d}`), value: d }))}
        />
      </Form.Item>
      <Form.Item name="id_number" label={t('money.idNumber')} rules={[{ required: true }]}>
        <Input data-testid="kyc-id" />
      </Form.Item>
      <div className="photo-row">
        <PhotoField label={t('money.front')} testId="kyc-front" onChange={setFront} />
        <PhotoField label={t('money.back')} testId="kyc-back" onChange={setBack} />
      </div>
      <Form.Item name="consent" valuePropName="checked">
        <Checkbox data-testid="kyc-consent">{t('money.consent')}</Checkbox>
      </Form.Item>
    </Form>
  );
}

function StateCard({ kyc }: { kyc: KycStatus }) {
  const { t } = useTranslation();
  if (kyc.state === 'verified') {
    return (
      <Result
        status="success"
        title={t('money.kyc.verified')}
        description={`${kyc.name_kanji ?? ''}（${kyc.name_kana ?? ''}）`}
      />
    );
  }
  if (kyc.state === 'pending') {
    return (
      <Result
        status="waiting"
        title={t('money.kyc.pending')}
        description={t('money.kyc.pendingNote')}
      />
    );
  }
  return <Result status="error" title={t('money.kyc.failed')} description={kyc.reason ?? ''} />;
}

/** /mine/verified: the real-name state, and the form when there is nothing open. */
export function VerifiedScreen() {
  const { t } = useTranslation();
  const [kyc, setKyc] = useState<KycStatus | null>(null);
  const refresh = () => void loadKyc().then(setKyc);
  useEffect(refresh, []);
  return (
    <div className="screen" data-testid="verified-screen" data-state={kyc?.state ?? ''}>
      <HeaderBar title={t('mine.verified')} />
      {kyc && kyc.state !== 'none' ? (
        <div className="card">
          <StateCard kyc={kyc} />
        </div>
      ) : null}
      {kyc && (kyc.state === 'none' || kyc.state === 'failed') ? (
        <KycForm onSubmitted={refresh} />
      ) : null}
    </div>
  );
}
