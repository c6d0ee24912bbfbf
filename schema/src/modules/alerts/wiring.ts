import type { CallContract } from '../../contracts/http/answers.ts';
import { noData } from '../../contracts/http/answers.ts';
import { defineWiring } from '../define-wiring.ts';
import {
  alertCreateRequest,
  alertCreateResponse,
  alertIdRequest,
  alertListRequest,
  alertListResponse,
  pushKeyRequest,
  pushKeyResponse,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
} from './contracts.ts';
import * as alerts from './db/migrations/2026_11_28_100000_alerts.ts';

export const alertsWiring = defineWiring({
  name: 'alerts',
  calls: {
    'alert/create': { input: alertCreateRequest, output: alertCreateResponse },
    'alert/list': { input: alertListRequest, output: alertListResponse },
    'alert/delete': { input: alertIdRequest, output: noData },
    'alert/rearm': { input: alertIdRequest, output: noData },
    'push/key': { input: pushKeyRequest, output: pushKeyResponse },
    'push/subscribe': { input: pushSubscribeRequest, output: noData },
    'push/unsubscribe': { input: pushUnsubscribeRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_28_100000_alerts': alerts },
});
