import { render } from '@testing-library/react';
import { getNonce } from 'get-nonce';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { shareStyleNonce, styleNonce } from '@/shared/csp/style-nonce';
import { createTestQueryClient } from '@/test/render';

const NONCE = 'dGVzdC1ub25jZS0xMjM0NQ==';

function putNonceMeta() {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.nonce = NONCE;
  document.head.append(meta);
}

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[property="csp-nonce"]')) meta.remove();
});

describe('the page’s CSP style nonce', () => {
  it('is read from the csp-nonce meta tag the server fills in, and empty without one', () => {
    expect(styleNonce()).toBe('');
    putNonceMeta();
    expect(styleNonce()).toBe(NONCE);
  });

  it('is on every <style> element Mantine adds, and handed to react-remove-scroll', () => {
    putNonceMeta();
    shareStyleNonce();
    expect(getNonce()).toBe(NONCE);
    const { container } = render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <p>content</p>
      </AppProviders>,
    );
    const styles = [...document.querySelectorAll<HTMLStyleElement>('style[data-mantine-styles]')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.nonce).toBe(NONCE);
    expect(container.textContent).toContain('content');
  });
});
