import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document';

describe('previewDocument', () => {
  it('moves inline styles into one nonced style sheet and leaves no style attribute', () => {
    const doc = previewDocument(
      '<table width="100%"><tr><td style="color: #123456; padding: 8px" class="x">A</td><td style=\'background: url(https://evil.test/x)\'>B</td></tr></table><div style="a:b}body{x:y">C</div>',
      { nonce: 'n0nce', title: 'Sample' },
    );
    expect(doc).toContain('<style nonce="n0nce">');
    expect(doc).toContain('.inline-style-0{color: #123456; padding: 8px}');
    expect(doc).toContain('.inline-style-1{background: https://evil.test/x)}');
    expect(doc).toContain('.inline-style-2{a:bbodyx:y}');
    expect(doc).toContain('>A</td>');
    expect(doc).toContain('<table width="100%">');
    expect(doc).not.toMatch(/\sstyle=/);
    expect(doc).toContain('<td class="x inline-style-0">');
  });

  it('drops scripts, handlers, javascript: links and outside images', () => {
    const doc = previewDocument(
      '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">a</a><img src="https://t.test/p.gif" alt="logo"><iframe src="https://x.test"></iframe>',
      { nonce: '', title: 'T' },
    );
    expect(doc).toContain('<p>Hi</p>');
    expect(doc).not.toContain('alert');
    expect(doc).toContain('<img alt="logo">');
    expect(doc).not.toContain('iframe');
    expect(doc).toContain('<style>');
  });
});
