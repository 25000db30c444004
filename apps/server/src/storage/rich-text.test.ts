import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RICH_TEXT_TAGS } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

const PAYLOADS: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../test/fixtures/xss-payloads.json'), 'utf8'),
);

type Body = {
  innerHTML: string;
  querySelectorAll(s: string): Iterable<{ tagName: string; attributes: { length: number } }>;
};
/** jsdom ships no types: the little of it used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: { body: Body } } };
};

/** Every element of the HTML as a browser parses it, with its attributes. */
function parsed(html: string) {
  const { document } = new JSDOM('<!doctype html><body></body>').window;
  document.body.innerHTML = html;
  return { body: document.body, elements: [...document.body.querySelectorAll('*')] };
}

describe('sanitizeRichText', () => {
  it('has a corpus of at least 50 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(PAYLOADS.map((p, i) => [i, p]))('leaves no active content in payload %i', (_i, payload) => {
    const clean = sanitizeRichText(payload as string) ?? '';
    const { elements, body } = parsed(clean);
    for (const el of elements) {
      // Only the editor's tags, and no attributes at all: no handlers, URLs or styles.
      expect(RICH_TEXT_TAGS as readonly string[]).toContain(el.tagName.toLowerCase());
      expect(el.attributes.length).toBe(0);
    }
    // Parsing the output again gives the same markup: no mutation through the browser's parser.
    expect(body.innerHTML).toBe(clean);
    expect(sanitizeRichText(clean) ?? '').toBe(clean);
  });

  it('keeps the editor’s formatting: headings 1 and 2, bold, italic, lists, paragraphs', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><p>A <strong>bold</strong> and <em>italic</em><br>line</p><ol><li>one</li></ol><ul><li>two</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops other tags but keeps their text, and every attribute', () => {
    expect(
      sanitizeRichText(
        '<h3 class="x">Three</h3><p style="color:red" onclick="x()">P</p><a href="https://x.test">link</a>',
      ),
    ).toBe('Three<p>P</p>link');
    expect(sanitizeRichText('<b>b</b><i>i</i>')).toBe('<strong>b</strong><em>i</em>');
  });

  it('stores an empty editor as no text at all', () => {
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('  ')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText('<script>x</script>')).toBeNull();
  });
});
