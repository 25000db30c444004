import { describe, expect, it } from 'vitest';
import { isPreferedUrl } from './tenant-form-values';

describe('isPreferedUrl', () => {
  const host = window.location.host;

  it('accepts empty, http(s):// and the page’s own host followed by a path', () => {
    for (const v of ['', '  ', 'http://acme.test', 'HTTPS://acme.test/x', host, `${host}/portal`, `${host}#top`]) {
      expect(isPreferedUrl(v), v).toBe(true);
    }
  });

  it('refuses other schemes, bare names, spaces and hosts that only begin like ours', () => {
    for (const v of ['www.acme.test', 'ftp://acme.test', 'javascript:alert(1)', `${host}.evil.test`, `${host}/a b`]) {
      expect(isPreferedUrl(v), v).toBe(false);
    }
  });
});
