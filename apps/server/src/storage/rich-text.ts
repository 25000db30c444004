import { RICH_TEXT_TAGS } from '@atrium/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text sanitizer: every rich-text field (home content, feature descriptions) passes it
 * before it is stored, and the web app renders only what it stored. It keeps the editor's tags and
 * nothing else: no attributes at all (so no event handlers, URLs or styles), and it drops the content
 * of elements whose text is never meant to show (scripts, styles, foreign SVG/MathML, templates).
 * Text is re-escaped, so the output reparses to the same tree (no mutation XSS through the parser).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'noembed',
    'noframes',
    'xmp',
    'iframe',
    'template',
    'title',
    'svg',
    'math',
    'object',
    'plaintext',
    'select',
  ],
  // The editor writes <b>/<i> as <strong>/<em> anyway; pasted markup keeps its meaning.
  transformTags: { b: 'strong', i: 'em' },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
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
