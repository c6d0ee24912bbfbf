import { Toast } from 'antd-mobile';

/** Toast rules of spec section 8: 2 s for messages; a loading toast while requests run. */
export const TOAST_MS = 2000;

let pendingLoads = 0;

export function showMessage(text: string): void {
  Toast.show({ content: text, duration: TOAST_MS });
}

export function clearToasts(): void {
  Toast.clear();
}

export function beginLoading(): void {
  pendingLoads += 1;
  if (pendingLoads === 1) Toast.show({ icon: 'loading', duration: 0, maskClickable: true });
}

export function endLoading(): void {
  pendingLoads = Math.max(0, pendingLoads - 1);
  if (pendingLoads === 0) Toast.clear();
}
