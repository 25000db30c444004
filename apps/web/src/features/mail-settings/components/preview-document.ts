/**
 * The preview frame's document. A srcdoc frame lives under the app's Content-Security-Policy, which
 * allows no style attributes and no outside images: so each element's inline style becomes a class of
 * one <style> element carrying the page's style nonce, and images from elsewhere lose their source. The
 * HTML is parsed inert (DOMParser runs nothing and loads nothing); scripts, frames and event handlers
 * are dropped too, though the frame's sandbox would not run them anyway.
 */
export function previewDocument(bodyHtml: string, { nonce, title }: { nonce: string; title: string }): string {
  const doc = new DOMParser().parseFromString('<!doctype html><html><head></head><body></body></html>', 'text/html');
  doc.body.innerHTML = bodyHtml;
  for (const el of doc.body.querySelectorAll('script, style, iframe, object, embed, link, meta, base, form'))
    el.remove();
  const rules: string[] = [];
  let n = 0;
  for (const el of doc.body.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
    }
    const style = el.getAttribute('style');
    if (style !== null) {
      const name = `preview-${n++}`;
      // Declarations only: no way out of the rule, no url() loads.
      rules.push(`.${name}{${style.replace(/[{}<>\\]/g, '').replace(/url\s*\(/gi, '')}}`);
      el.removeAttribute('style');
      el.classList.add(name);
    }
    if (el.tagName === 'IMG' && !(el.getAttribute('src') ?? '').startsWith('data:')) el.removeAttribute('src');
  }
  const sheet = doc.createElement('style');
  if (nonce) sheet.setAttribute('nonce', nonce);
  sheet.textContent = ['body{margin:0;font-family:Arial,sans-serif;color:#222;background:#fff}', ...rules].join('\n');
  const meta = doc.createElement('meta');
  meta.setAttribute('charset', 'utf-8');
  const titleEl = doc.createElement('title');
  titleEl.textContent = title;
  doc.head.append(meta, titleEl, sheet);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
