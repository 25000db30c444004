import { describe, expect, it } from 'vitest';
import { formatBytes, secondsUntilRoom } from './upload-volume.js';

const now = new Date('2030-01-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('secondsUntilRoom', () => {
  it('answers null while the upload fits in the hour', () => {
    expect(secondsUntilRoom([], 100, 100, now)).toBeNull();
    expect(secondsUntilRoom([{ size: 60, createdAt: ago(10) }], 40, 100, now)).toBeNull();
  });

  it('waits until enough of the oldest uploads have left the window', () => {
    const recent = [
      { size: 50, createdAt: ago(50) },
      { size: 30, createdAt: ago(20) },
      { size: 20, createdAt: ago(5) },
    ];
    // 10 more bytes: the 50 uploaded 50 minutes ago must go, in 10 minutes.
    expect(secondsUntilRoom(recent, 10, 100, now)).toBe(600);
    // 70 more: the 30 of 20 minutes ago too, in 40 minutes.
    expect(secondsUntilRoom(recent, 70, 100, now)).toBe(2400);
  });

  it('answers a whole hour for an upload larger than the volume, and at least a second', () => {
    expect(secondsUntilRoom([], 101, 100, now)).toBe(3600);
    expect(secondsUntilRoom([{ size: 100, createdAt: ago(60) }], 1, 100, now)).toBe(1);
  });
});

describe('formatBytes', () => {
  it('reads as a person would write the limit', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(720)).toBe('720 bytes');
  });
});
