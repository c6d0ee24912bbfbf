import { proxy } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';

export type StaffMe = AdminCallMap['me']['output'];

/** Who is signed in to the console (null: the login screen), and why the last session ended. */
export const consoleState = proxy<{ me: StaffMe | null; signedOutBecause: string | null }>({
  me: null,
  signedOutBecause: null,
});

/** Whether the signed-in role has a power (the menus show only what the role may open). */
export const may = (
  me: { readonly powers: readonly StaffMe['powers'][number][] } | null,
  power: StaffMe['powers'][number],
) => Boolean(me?.powers.includes(power));
