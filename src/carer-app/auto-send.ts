import { useEffect, useState } from 'react';
import type { Outbox } from './outbox';
import { SEND_MESSAGE, SEND_SYNC_TAG } from './sync-tags';

/** While visits wait, the app tries again this often (and at once when signal returns or the app is opened). */
export const SEND_EVERY_MS = 60_000;

/** Asks the browser to wake the app's worker when signal returns (Background Sync), where it can. */
export async function askForBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/carer/');
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SEND_SYNC_TAG).catch(() => undefined);
}

/**
 * When the phone sends by itself, besides when the carer saves or asks: when signal returns, when the app comes back
 * into view, when its worker says so (Background Sync), and every SEND_EVERY_MS while visits wait. Answers whether the
 * phone has a network now.
 */
export function useAutoSend(outbox: Outbox, send: () => Promise<unknown>): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const sendSoon = () => void send();
    const onVisible = () => document.visibilityState === 'visible' && sendSoon();
    const onOnline = () => {
      setOnline(true);
      sendSoon();
    };
    const onOffline = () => setOnline(false);
    const onMessage = (event: MessageEvent) => event.data === SEND_MESSAGE && sendSoon();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    const timer = setInterval(() => void outbox.countWaiting().then((n) => n > 0 && sendSoon()), SEND_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
  }, [outbox, send]);
  return online;
}
