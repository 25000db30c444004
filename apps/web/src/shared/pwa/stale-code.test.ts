import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { reloadOnStaleCode } from './stale-code';

function failImport() {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('reloadOnStaleCode', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('reloads once when page code fails to load, and lets a second failure within a minute show', () => {
    let clock = 1_000_000;
    const reload = vi.fn();
    stop = reloadOnStaleCode(reload, () => clock);

    const first = failImport();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.refreshed)).toBe('1000000');

    // The reloaded page fails again: no loop, the error reaches the page.
    clock += 30_000;
    const second = failImport();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);

    // A later deploy is a new stale tab: one more reload.
    clock += 60_000;
    failImport();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload offline, where the code is missing because the network is', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    stop = reloadOnStaleCode(reload, () => 1_000_000);

    const event = failImport();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.refreshed)).toBeNull();
  });
});
