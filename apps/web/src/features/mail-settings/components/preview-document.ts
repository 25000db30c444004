const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
};
const decode = (s: string) => s.replace(/&(quot|#39|apos|amp|lt|gt);/g, (e) => ENTITIES[e] ?? e);

/** An attribute in a start tag: name, then a quoted or bare value. */
const ATTRIBUTE = /\s([a-z-:]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * The preview frame's document. A srcdoc frame lives under the app's Content-Security-Policy, which
 * allows no style attributes and no outside images, and any use of the DOM would apply the policy
 * too: so the HTML is rewritten as text. Each start tag's inline style becomes a class of one <style>
 * element carrying the page's style nonce; classes of its own (which the server drops anyway), event
 * handlers and outside image sources go. Scripts, styles and frames are dropped as well, though the
 * frame's sandbox would not run them anyway.
 */
export function previewDocument(bodyHtml: string, { nonce, title }: { nonce: string; title: string }): string {
  const rules: string[] = [];
  const cleaned = bodyHtml
    .replace(/<(script|style|iframe|object|embed|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed|link|meta|base|form)\b[^>]*>/gi, '');
  const body = cleaned.replace(/<([a-z][a-z0-9]*)(\s[^<>]*?)?(\/?)>/gi, (_tag, name: string, attrs = '', slash) => {
    let style: string | null = null;
    const kept = (attrs as string).replace(ATTRIBUTE, (whole, attr: string, raw: string) => {
      const key = attr.toLowerCase();
      const value = decode(raw.replace(/^["']|["']$/g, ''));
      if (key === 'style') {
        style = value;
        return '';
      }
      if (key === 'class' || key.startsWith('on') || /^\s*javascript:/i.test(value)) return '';
      if (key === 'src' && !value.startsWith('data:')) return '';
      return whole;
    });
    if (style === null) return `<${name}${kept}${slash}>`;
    const cls = `preview-${rules.length}`;
    // Declarations only: no way out of the rule, no url() loads.
    rules.push(`.${cls}{${(style as string).replace(/[{}<>\\]/g, '').replace(/url\s*\(/gi, '')}}`);
    return `<${name} class="${cls}"${kept}${slash}>`;
  });
  const sheet = ['body{margin:0;font-family:Arial,sans-serif;color:#222;background:#fff}', ...rules].join('\n');
  const escapedTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapedTitle}</title><style${
    nonce ? ` nonce="${nonce.replace(/"/g, '')}"` : ''
  }>${sheet.replace(/<\//g, '<\\/')}</style></head><body>${body}</body></html>`;
}
