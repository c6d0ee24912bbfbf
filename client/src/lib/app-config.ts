import { callApi } from './api-client.ts';

/** The configuration entries of `common/config` (title, kefu, license, mode, ...), read once at start. */
const entries = new Map<string, string>();

export const appConfig = {
  get: (name: string): string | undefined => entries.get(name),
  async load(): Promise<boolean> {
    const response = await callApi('common/config', { type: 'all' }, { quiet: true });
    if (response.status !== 1 || !Array.isArray(response.data)) return false;
    for (const entry of response.data) entries.set(entry.name, entry.value);
    const title = entries.get('title');
    if (title) document.title = title;
    return true;
  },
};
