import { Toast } from 'antd-mobile';

/** Toast rules of spec section 8: 2 s for messages; a loading toast while requests run. */
export const TOAST_MS = 2000;

/**
 * antd-mobile shows one toast at a time: a message replaces the loading toast and a loading toast
 * would replace a message. So this module remembers what is on screen: the end of loading closes
 * only its own spinner, a spinner never covers a message still being read, and a route change
 * clears only a refusal (a success message may announce the screen it leads to).
 */
type Showing = { kind: 'loading' } | { kind: 'message' | 'refusal'; until: number } | null;

let pendingLoads = 0;
let showing: Showing = null;

function messageOnScreen(): boolean {
  return showing !== null && showing.kind !== 'loading' && showing.until > Date.now();
}

function show(kind: 'message' | 'refusal', text: string): void {
  Toast.show({ content: text, duration: TOAST_MS });
  showing = { kind, until: Date.now() + TOAST_MS };
}

/** A confirmation or notice (an operation succeeded). */
export function showMessage(text: string): void {
  show('message', text);
}

/** A refusal or error the user must see: it survives the end of the loading spinner. */
export function showRefusal(text: string): void {
  show('refusal', text);
}

export function clearToasts(): void {
  Toast.clear();
  showing = null;
}

/** On a route change: a refusal belongs to the screen it came from. */
export function clearRefusal(): void {
  if (showing?.kind === 'refusal' && messageOnScreen()) clearToasts();
}

export function beginLoading(): void {
  pendingLoads += 1;
  if (pendingLoads === 1 && !messageOnScreen()) {
    Toast.show({ icon: 'loading', duration: 0, maskClickable: true });
    showing = { kind: 'loading' };
  }
}

export function endLoading(): void {
  pendingLoads = Math.max(0, pendingLoads - 1);
  if (pendingLoads === 0 && showing?.kind === 'loading') clearToasts();
}
