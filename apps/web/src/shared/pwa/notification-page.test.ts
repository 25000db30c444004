import { describe, expect, it } from 'vitest';
import { notificationPage } from './notification-page';

const ORIGIN = 'https://atrium.example';

describe('notificationPage', () => {
  it('keeps a path of this app with its query and hash', () => {
    expect(notificationPage('/chat?user=1#m', ORIGIN)).toBe('/chat?user=1#m');
  });

  it('opens the start page for anything that would leave the app', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ])
      expect(notificationPage(url, ORIGIN)).toBe('/');
    expect(notificationPage(undefined, ORIGIN)).toBe('/');
    expect(notificationPage(42, ORIGIN)).toBe('/');
  });
});
