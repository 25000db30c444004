import { setNonce } from 'get-nonce';

/**
 * The nonce of this page's Content-Security-Policy, which the server writes into the csp-nonce meta
 * tag (docs/decisions/015-content-security-policy.md). Only <style> elements that carry it apply.
 */
export function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

/**
 * Hands the nonce to the libraries that add <style> elements of their own: Mantine reads it through
 * MantineProvider's getStyleNonce, react-remove-scroll (Mantine's modals and menus) through get-nonce.
 */
export function shareStyleNonce() {
  setNonce(styleNonce());
}
