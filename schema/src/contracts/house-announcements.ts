/** What `followAnnouncements` needs of a Redis subscriber connection (ioredis's, structurally). */
export interface AnnouncementSubscriber {
  on(event: 'message', listener: (channel: string) => void): unknown;
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  disconnect(): void;
}

/**
 * Runs a reload as soon as its channel announces a change (the list step a listing on
 * `listedInstrumentsChannel`, the console a calendar on `calendarChannel`), on a subscriber
 * connection of its own. Each reload also runs on its own timer, the safety net if a message is
 * lost. Gateways and workers both follow the house this way.
 */
export async function followAnnouncements(
  subscriber: AnnouncementSubscriber,
  reloads: Readonly<Record<string, () => Promise<void>>>,
): Promise<{ stop(): Promise<void> }> {
  const channels = Object.keys(reloads);
  subscriber.on('message', (channel: string) => void reloads[channel]?.());
  await subscriber.subscribe(...channels);
  return {
    async stop() {
      await subscriber.unsubscribe(...channels).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}
