import type { Response } from 'express';
import {
  REFUSAL_HTTP_STATUS,
  type Envelope,
  type MsgKey,
  type RefusalKey,
} from '@kabuto/schema/contracts';

export function sendOk(res: Response, msg: MsgKey, data: unknown = null): void {
  const body: Envelope = { status: 1, msg, data };
  res.status(200).json(body);
}

export function sendRefusal(
  res: Response,
  msg: RefusalKey,
  data: unknown = null,
  httpStatus?: number,
): void {
  const body: Envelope = { status: 0, msg, data };
  res.status(httpStatus ?? REFUSAL_HTTP_STATUS[msg] ?? 200).json(body);
}
