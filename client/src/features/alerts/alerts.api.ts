import type { AlertRecord } from '@kabuto/schema/modules/alerts/contracts.ts';
import { callApi } from '../../lib/api-client.ts';

export type { AlertRecord };
export type AlertCondition = AlertRecord['condition'];

export const alertsApi = {
  async list(symbol?: string): Promise<AlertRecord[]> {
    const response = await callApi('alert/list', symbol ? { symbol } : {}, { quiet: true });
    return response.status === 1 ? response.data : [];
  },
  async create(symbol: string, condition: AlertCondition, value: string) {
    return callApi('alert/create', { symbol, condition, value }, { quiet: true });
  },
  async remove(id: string) {
    return callApi('alert/delete', { id }, { quiet: true });
  },
  async rearm(id: string) {
    return callApi('alert/rearm', { id }, { quiet: true });
  },
};
