import { emptyRequest } from '../../contracts/http/funds.dto.ts';
import { noData, type CallContract } from '../../contracts/http/answers.ts';
import { totpSetupResponse } from '../../contracts/http/security.dto.ts';
import { defineWiring } from '../define-wiring.ts';
import {
  auditListRequest,
  auditListResponse,
  calendarListResponse,
  calendarSetYearRequest,
  configListResponse,
  configUpdateRequest,
  queueBoardTicketResponse,
  staffCreateRequest,
  staffCreateResponse,
  staffIdRequest,
  staffListResponse,
  staffLoginRequest,
  staffLoginResponse,
  staffMeResponse,
  staffTotpEnableRequest,
  staffTotpEnableResponse,
  staffUpdateRequest,
} from './contracts.ts';
import * as staffTwoFactor from './db/migrations/2026_11_27_110000_staff_two_factor.ts';
import * as exchangeCalendars from './db/migrations/2026_11_27_140000_exchange_calendars.ts';

export const backofficeWiring = defineWiring({
  name: 'backoffice',
  adminCalls: {
    login: { input: staffLoginRequest, output: staffLoginResponse },
    logout: { input: emptyRequest, output: noData },
    me: { input: emptyRequest, output: staffMeResponse },
    'totp/setup': { input: emptyRequest, output: totpSetupResponse },
    'totp/enable': { input: staffTotpEnableRequest, output: staffTotpEnableResponse },
    'staff/list': { input: emptyRequest, output: staffListResponse },
    'staff/create': { input: staffCreateRequest, output: staffCreateResponse },
    'staff/update': { input: staffUpdateRequest, output: noData },
    'staff/reset-totp': { input: staffIdRequest, output: noData },
    'audit/list': { input: auditListRequest, output: auditListResponse },
    'config/list': { input: emptyRequest, output: configListResponse },
    'config/update': { input: configUpdateRequest, output: noData },
    'calendar/list': { input: emptyRequest, output: calendarListResponse },
    'calendar/set-year': { input: calendarSetYearRequest, output: noData },
    'queues/ticket': { input: emptyRequest, output: queueBoardTicketResponse },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_27_110000_staff_two_factor': staffTwoFactor,
    '2026_11_27_140000_exchange_calendars': exchangeCalendars,
  },
});
