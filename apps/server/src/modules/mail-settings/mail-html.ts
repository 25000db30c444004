import sanitizeHtml from 'sanitize-html';
import { SANITIZER_BASE } from '../../storage/rich-text.js';

/** A CSS colour: hex, a name, or rgb()/rgba() with numbers only. */
const COLOUR =
  /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
/** One to four lengths. */
const LENGTHS = /^((0|auto|-?\d{1,4}(\.\d+)?(px|em|rem|%|pt))\s*){1,4}$/i;
const LENGTH = /^(0|auto|none|\d{1,4}(\.\d+)?(px|em|rem|%|pt))$/i;
/** Border shorthands: width, style and a colour, with no functions besides rgb(). */
const BORDER =
  /^(none|0|((\d{1,3}(\.\d+)?(px|em|pt)|thin|medium|thick)\s+)?(solid|dashed|dotted|double|none)(\s+(#[0-9a-f]{3,8}|[a-z]{3,20}))?)$/i;

const styles: Record<string, RegExp[]> = {
  color: [COLOUR],
  'background-color': [COLOUR],
  'font-family': [/^[\w\s,'"-]{1,200}$/],
  'font-size': [LENGTH],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'text-align': [/^(left|right|center|justify)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
  'vertical-align': [/^(top|middle|bottom|baseline)$/],
  'line-height': [/^(normal|\d{1,3}(\.\d+)?(px|em|rem|%)?)$/],
  'border-collapse': [/^(collapse|separate)$/],
  'border-radius': [LENGTHS],
  width: [LENGTH],
  height: [LENGTH],
  'max-width': [LENGTH],
  'min-width': [LENGTH],
  display: [/^(block|inline|inline-block|none|table|table-cell)$/],
  padding: [LENGTHS],
  margin: [LENGTHS],
  border: [BORDER],
};
for (const side of ['top', 'right', 'bottom', 'left']) {
  styles[`padding-${side}`] = [LENGTH];
  styles[`margin-${side}`] = [LENGTH];
  styles[`border-${side}`] = [BORDER];
}

/** Strips the template's placeholders from attribute values, so a mail's body can only land in text. */
const noPlaceholders = (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).map(([k, v]) => [k, v.replace(/\{\{|\}\}/g, '')])),
});

/**
 * What mail layouts need and nothing that runs: tables, text formatting, links (http, https, mailto)
 * and images (https), with inline styles limited to safe properties and values (no url(), no
 * expressions). Everything else, event handlers and scripts included, is dropped.
 */
const MAIL_OPTIONS: sanitizeHtml.IOptions = {
  ...SANITIZER_BASE,
  allowedTags: [
    'a',
    'b',
    'blockquote',
    'br',
    'caption',
    'center',
    'col',
    'colgroup',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'role', 'title'],
    a: ['href', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['cellpadding', 'cellspacing', 'border'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedStyles: { '*': styles },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  transformTags: { '*': noPlaceholders },
};

/** An email template (or other mail layout HTML) as stored: sanitized for mail. */
export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, MAIL_OPTIONS).trim();

const TEXT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Sanitized HTML as plain text, for the text part of a mail: block ends become line breaks. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|tr)>|<br\s*\/?>/gi, '$&\n');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => TEXT_ENTITIES[e] ?? e)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
