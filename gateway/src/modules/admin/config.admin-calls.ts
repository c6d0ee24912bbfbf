import { backofficeWiring } from '@kabuto/schema/modules/backoffice/wiring.ts';
import {
  HOUSE_SETTINGS,
  houseSettingValue,
} from '@kabuto/schema/modules/backoffice/house-settings.ts';
import { Refusal, roleMay } from '@kabuto/schema/contracts';
import { writeTransaction } from '@kabuto/schema/db';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { configValue, listConfig, setConfigValue } from '../common/public.ts';
import { audit } from './admin-sessions.repository.ts';

const calls = backofficeWiring.adminCalls;

export const configListCall = defineAdminCall({
  ...contractOf(calls, 'config/list'),
  power: 'see',
  summary: 'The house settings staff may change, with their values now and who may change each',
  async handle({ deps }) {
    const stored = new Map((await listConfig(deps.db)).map((e) => [e.name, e.value]));
    return {
      msg: 'ok',
      data: Object.entries(HOUSE_SETTINGS).map(([name, setting]) => ({
        name,
        value: stored.get(name) ?? '',
        public: setting.public,
        power: setting.power,
      })),
    };
  },
});

export const configUpdateCall = defineAdminCall({
  ...contractOf(calls, 'config/update'),
  power: 'config',
  summary: 'Changes one house setting, applied to the next request (audited with the old value)',
  async handle({ input, admin, deps }) {
    // A money rule is the administrators' alone: an operator may change only the house's words.
    if (!roleMay(admin.role, HOUSE_SETTINGS[input.name].power)) throw new Refusal('role_forbidden');
    const value = input.value.trim() === '' ? '' : houseSettingValue(input.name, input.value);
    if (value === null || (value === '' && input.name !== 'license')) {
      throw new Refusal('invalid_param', { fields: { value: input.name } });
    }
    const nowMs = deps.clock.nowMs();
    await writeTransaction(deps.db, async (trx) => {
      const before = (await configValue(trx, input.name)) ?? '';
      await setConfigValue(trx, input.name, value);
      await audit(trx, {
        adminId: admin.adminId,
        action: 'config.update',
        subject: `config:${input.name}`,
        detail: { before, after: value, reason: input.reason },
        nowMs,
      });
    });
    return { msg: 'modify_ok' };
  },
});

export const CONFIG_CALLS: readonly CallDefinition[] = [configListCall, configUpdateCall];
