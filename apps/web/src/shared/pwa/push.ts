import { api } from '@/shared/api/client';

/** Web push on this device: not possible here, refused in the browser, off, or on. */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** The VAPID key, base64url, as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = keyBytes(publicKey);
  const theirs = new Uint8Array(key);
  return theirs.length === mine.length && theirs.every((b, i) => b === mine[i]);
}

export async function pushStatus(): Promise<PushStatus> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Subscribes this browser with the server's key and registers the subscription for the signed-in user. */
async function subscribeAndRegister(): Promise<void> {
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('/auth/pushtoken/key');
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await api<void>('/auth/pushtoken', { method: 'POST', body: { token: subscription.toJSON() } });
}

/** Asks the user (from their click: never on page load) and turns push on for this device. */
export async function enablePush(): Promise<PushStatus> {
  if (!supported() || !(await registration())) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  await subscribeAndRegister();
  return 'on';
}

/** Turns push off for this device: the server forgets it and the browser unsubscribes. */
export async function disablePush(): Promise<PushStatus> {
  const subscription = supported() ? await (await registration())?.pushManager.getSubscription() : null;
  if (subscription) {
    await api<void>('/auth/pushtoken', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * After a sign-in on a device where the user already allowed notifications: registers the browser for
 * the user now signed in (the same browser may have been someone else's before).
 */
export async function renewPush(): Promise<void> {
  if ((await pushStatus()) === 'on') await subscribeAndRegister();
}

/** Before signing out: the server stops pushing to this device for the user leaving it. */
export async function forgetPush(): Promise<void> {
  const subscription = supported() ? await (await registration())?.pushManager.getSubscription() : null;
  if (subscription) await api<void>('/auth/pushtoken', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
}
