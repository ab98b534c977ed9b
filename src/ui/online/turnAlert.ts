/**
 * "Your turn" outside the page (issue 10 item 4): while the pending decision is this seat's, the page title starts
 * with "● Your turn"; when it becomes this seat's while the page is hidden, a browser notification says so (only
 * if the player allowed notifications: `askNotifications` asks, from a click).
 */
import { useEffect, useRef } from 'react';

export const TURN_TITLE_PREFIX = '● Your turn — ';

export function notificationsAvailable(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission | 'unavailable' {
  return notificationsAvailable() ? Notification.permission : 'unavailable';
}

export async function askNotifications(): Promise<NotificationPermission | 'unavailable'> {
  if (!notificationsAvailable()) return 'unavailable';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export function useTurnAlert(yourTurn: boolean, what = 'Mint Imperium'): void {
  const base = useRef<string | null>(null);
  const was = useRef(false);
  useEffect(() => {
    if (typeof document === 'undefined') return;
    if (base.current === null) base.current = document.title.replace(TURN_TITLE_PREFIX, '');
    document.title = yourTurn ? TURN_TITLE_PREFIX + base.current : base.current;
    if (yourTurn && !was.current && document.hidden && notificationPermission() === 'granted') {
      try {
        new Notification(what, { body: 'Your turn', tag: 'mint-imperium-turn' });
      } catch {
        // Some browsers only allow notifications from a service worker: the title still says it.
      }
    }
    was.current = yourTurn;
  }, [yourTurn, what]);
  useEffect(() => () => {
    if (typeof document !== 'undefined' && base.current !== null) document.title = base.current;
  }, []);
}
