import { describe, expect, it } from 'vitest';
import { isSafeVideoUrl } from './home.js';
import { RENAMABLE_FEATURES } from './modules.js';

const HOSTS = ['atrium.example.com', 'player.vimeo.com'];

describe('isSafeVideoUrl', () => {
  it.each([
    'https://atrium.example.com/media/intro.mp4',
    'http://atrium.example.com/v',
    'https://player.vimeo.com/video/1?autoplay=0',
    'https://PLAYER.vimeo.com',
  ])('accepts %s', (url) => expect(isSafeVideoUrl(url, HOSTS)).toBe(true));

  it.each([
    'https://evil.test/v',
    'https://atrium.example.com.evil.test/v',
    'https://atrium.example.com@evil.test/v',
    'https://user:pw@atrium.example.com/v',
    'https://atrium.example.com\\@evil.test/v',
    'https://atrium.example.com:8443/v',
    ' https://atrium.example.com/v',
    'https://atrium.example.com/\tv',
    'javascript:alert(1)//https://atrium.example.com/',
    'data:text/html,x',
    '//atrium.example.com/v',
    '',
  ])('refuses %j', (url) => expect(isSafeVideoUrl(url, HOSTS)).toBe(false));
});

describe('RENAMABLE_FEATURES', () => {
  it('holds the features with a tile and a side-menu item, not admin pages', () => {
    expect(RENAMABLE_FEATURES).toContain('News');
    expect(RENAMABLE_FEATURES).toContain('Sprints');
    expect(RENAMABLE_FEATURES).not.toContain('Documents');
    expect(RENAMABLE_FEATURES).toContain('Notifications');
  });
});
