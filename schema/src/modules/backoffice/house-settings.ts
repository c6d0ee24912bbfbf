import { z } from 'zod';
import type { AdminPower } from '../../contracts/http/staff-roles.ts';

/**
 * The house's settings an operator may change from the console (issue 21), each with the form its
 * value must take. They live in `config_entry`, which every call reads when it runs, so a change
 * applies to the next request without a restart. `public` ones are what `common/config` shows the
 * app. Anything not listed here stays server-side and cannot be set from the console.
 */
const wholeYen = (max: bigint) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,15}$/)
    .refine((value) => /^\d+$/.test(value) && BigInt(value) <= max, { message: `at most ${max}` });

/** Shown text: no control or invisible format characters (NUL, right-to-left overrides, …). */
const shownText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !/[\p{Cc}\p{Cf}]/u.test(text), { message: 'control characters' });

/**
 * Each setting's form, whether the app shows it, and the power that may change it: the house's
 * words are the operators' (`config`); a rule about money moving is the administrators' alone
 * (`ledger`), as a correction is.
 */
export const HOUSE_SETTINGS = {
  title: { public: true, power: 'config', value: shownText(1, 40) },
  kefu: {
    public: true,
    power: 'config',
    value: z
      .string()
      .trim()
      .max(200)
      .regex(/^(https:\/\/[^\s<>"]+|mailto:[^\s<>"@]+@[^\s<>"]+)$/),
  },
  /** The licence line; empty removes it (paper mode shows none). */
  license: { public: true, power: 'config', value: shownText(0, 200) },
  /** The most one bank transfer may credit, in yen (a channel may cap lower). */
  deposit_max_single: { public: false, power: 'ledger', value: wholeYen(10_000_000_000_000n) },
  /** The smallest withdrawal, in yen. */
  withdraw_min: { public: false, power: 'ledger', value: wholeYen(100_000_000n) },
  /** 1: no withdrawal while a position is open (the spec's rule); 0: allowed. */
  withdraw_block_with_positions: { public: false, power: 'ledger', value: z.enum(['0', '1']) },
} as const satisfies Record<
  string,
  { public: boolean; power: AdminPower; value: z.ZodType<string> }
>;

export type HouseSettingName = keyof typeof HOUSE_SETTINGS;

export function isHouseSetting(name: string): name is HouseSettingName {
  return Object.hasOwn(HOUSE_SETTINGS, name);
}

/** The names the app may read through `common/config`. */
export const PUBLIC_SETTINGS: ReadonlySet<string> = new Set(
  Object.entries(HOUSE_SETTINGS)
    .filter(([, setting]) => setting.public)
    .map(([name]) => name),
);

/** The value as it is stored, or null when it does not take the setting's form. */
export function houseSettingValue(name: HouseSettingName, raw: string): string | null {
  const parsed = HOUSE_SETTINGS[name].value.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
