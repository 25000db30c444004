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
 * Mail HTML made fit for a srcdoc frame under the app's Content-Security-Policy, which allows no style
 * attributes (and applies to any DOM use, so this works on the text): each start tag's inline style
 * becomes a class, its declarations a rule of the returned sheet (to go in a <style> with the page's
 * nonce). Event handlers and javascript: values go; with `dropOutsideImages`, image
 * sources other than data: too (the policy loads none). Declarations cannot leave their rule nor load
 * anything (no braces, no url()).
 */
export function moveInlineStyles(html: string, { dropOutsideImages = true } = {}): { html: string; sheet: string } {
  const rules: string[] = [];
  const out = html.replace(/<([a-z][a-z0-9]*)(\s[^<>]*?)?(\/?)>/gi, (_tag, name: string, attrs = '', slash) => {
    let style: string | null = null;
    let classes = '';
    const kept = (attrs as string).replace(ATTRIBUTE, (whole, attr: string, raw: string) => {
      const key = attr.toLowerCase();
      const value = decode(raw.replace(/^["']|["']$/g, ''));
      if (key === 'style') {
        style = value;
        return '';
      }
      if (key === 'class') {
        classes = raw.replace(/^["']|["']$/g, '').replace(/["<>]/g, '');
        return '';
      }
      if (key.startsWith('on') || /^\s*javascript:/i.test(value)) return '';
      if (dropOutsideImages && key === 'src' && !value.startsWith('data:')) return '';
      return whole;
    });
    if (style === null) return `<${name}${classes ? ` class="${classes}"` : ''}${kept}${slash}>`;
    const cls = `inline-style-${rules.length}`;
    rules.push(`.${cls}{${(style as string).replace(/[{}<>\\]/g, '').replace(/url\s*\(/gi, '')}}`);
    return `<${name} class="${[classes, cls].filter(Boolean).join(' ')}"${kept}${slash}>`;
  });
  return { html: out, sheet: rules.join('\n') };
}
