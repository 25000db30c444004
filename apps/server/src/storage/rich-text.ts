import { RICH_TEXT_TAGS } from '@atrium/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * What every HTML sanitizer here starts from (rich text, mail layouts): disallowed tags dropped with
 * their text kept, but the content of elements whose text never shows (scripts, styles, foreign
 * SVG/MathML, templates, and the HTML parser's raw-text elements, whose text is not markup in a
 * browser either) dropped too; no protocol-relative URLs; tags and attribute names lower-cased and
 * entities decoded, so the output is re-escaped.
 */
export const SANITIZER_BASE = {
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'template',
    'title',
    'svg',
    'math',
    'object',
    'select',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
  ],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
} as const satisfies sanitizeHtml.IOptions;

/**
 * The one rich-text sanitizer: every rich-text field (home content, feature descriptions) passes it
 * before it is stored, and the web app renders only what it stored. It keeps the editor's tags and
 * nothing else: no attributes at all (so no event handlers, URLs or styles), and it drops the content
 * of elements whose text is never meant to show (scripts, styles, foreign SVG/MathML, templates).
 * Text is re-escaped, so the output reparses to the same tree (no mutation XSS through the parser).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  ...SANITIZER_BASE,
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  // The editor writes <b>/<i> as <strong>/<em> anyway; pasted markup keeps its meaning.
  transformTags: { b: 'strong', i: 'em' },
};

/** Rich text as stored: sanitized, with an editor's empty paragraph treated as no text at all. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html == null) return null;
  // <br /> as a browser writes it (<br>), so the stored HTML is what the page serialises back.
  const clean = sanitizeHtml(html, OPTIONS).replaceAll('<br />', '<br>').trim();
  // Tiptap's empty document is "<p></p>": nothing to show.
  const visible = clean.replace(/<\/?(p|br|h1|h2|strong|em|ol|ul|li)\s*\/?>/g, '').trim();
  return visible ? clean : null;
}
