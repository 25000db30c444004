import { moveInlineStyles } from '@/shared/csp/inline-styles';

/**
 * The preview frame's document. A srcdoc frame lives under the app's Content-Security-Policy: inline
 * styles move into one <style> element carrying the page's style nonce (shared/csp/inline-styles.ts),
 * outside images lose their source, and scripts, styles and frames are dropped, though the frame's
 * sandbox would not run them anyway.
 */
export function previewDocument(bodyHtml: string, { nonce, title }: { nonce: string; title: string }): string {
  const cleaned = bodyHtml
    .replace(/<(script|style|iframe|object|embed|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed|link|meta|base|form)\b[^>]*>/gi, '');
  const { html, sheet } = moveInlineStyles(cleaned);
  const css = ['body{margin:0;font-family:Arial,sans-serif;color:#222;background:#fff}', sheet].join('\n');
  const escapedTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapedTitle}</title><style${
    nonce ? ` nonce="${nonce.replace(/"/g, '')}"` : ''
  }>${css.replace(/<\//g, '<\\/')}</style></head><body>${html}</body></html>`;
}
