import { proxy } from 'valtio';

/** App-wide UI state: the user panel overlay. */
export const uiState = proxy({ panelOpen: false });

export function openUserPanel(): void {
  uiState.panelOpen = true;
}

export function closeUserPanel(): void {
  uiState.panelOpen = false;
}
