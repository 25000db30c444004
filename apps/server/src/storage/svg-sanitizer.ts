import { createRequire } from 'node:module';
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { ImageRejected } from './image-rejected.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces whose elements a browser runs or renders: one of these removed means the file is refused. */
const ACTIVE_NS = new Set([SVG_NS, 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML', null]);

/**
 * DOMPurify's SVG allowlists (shapes, text, paint servers, clipping, masking, filters), plus <use>,
 * whose only possible target is an element of the same file (see checkAttribute). Animation can
 * rewrite an attribute after cleaning and `switch` picks content by what the browser supports; a logo
 * needs neither. Editor metadata goes; an element in the editor's own namespace is dropped whole.
 */
const CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['animatecolor', 'animatemotion', 'animatetransform', 'mpath', 'switch', 'metadata'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  IN_PLACE: true,
};

/** Embedded raster images are the only thing an <image> may show. */
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/**
 * What in a value (an attribute, or a style sheet) could run script or fetch something from
 * elsewhere. DOMPurify leaves CSS alone, so this is checked here.
 */
function dangerInValue(value: string): string | null {
  // Controls and whitespace inside a word do not stop a browser reading "java\tscript:".
  const squeezed = value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\p{Cc}\s]+/gu, '');
  // CSS escapes (\69 is "i") can spell anything; an SVG logo never needs one.
  if (value.includes('\\')) return 'a CSS escape';
  if (/(java|vb)script:/i.test(squeezed)) return 'a javascript: link';
  if (/@import/i.test(squeezed)) return 'a style import';
  if (/url\((?!['"]?#)/i.test(squeezed)) return 'a reference to another resource';
  // image-set() and src() fetch a bare string too, no url() needed.
  if (/(image-set|\bsrc)\(/i.test(squeezed)) return 'a reference to another resource';
  if (/expression\(|-moz-binding|behavior:/i.test(squeezed)) return 'a style expression';
  return null;
}

const refuse = (what: string) => new ImageRejected(`The SVG contains ${what}, which is not allowed`);

/**
 * Refuses, rather than quietly drops, an attribute that could run script or load something: the
 * uploader learns that the file was not taken as it is. Runs before DOMPurify's own allowlist.
 */
function checkAttribute(node: DomNode, name: string, value: string) {
  if (/^on/i.test(name)) throw refuse('an event handler');
  // href in any namespace: a browser reads foo:href as xlink:href when foo is bound to XLink.
  if (/(^|:)href$/i.test(name)) {
    const target = value.trim();
    if (target.startsWith('#') && !dangerInValue(target)) return;
    if (node.localName === 'image' && RASTER_DATA_URL.test(target)) return;
    throw refuse('a link to another resource');
  }
  const danger = dangerInValue(value);
  if (danger) throw refuse(danger);
}

/** The little of the DOM used here (the server is typed without the DOM library, and jsdom ships no types). */
type DomNode = {
  nodeType: number;
  nodeName: string;
  namespaceURI: string | null;
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
};
type DomDocument = DomNode & {
  documentElement: DomNode;
  doctype: unknown;
  getElementsByTagName(name: string): ArrayLike<DomNode>;
};
type Window = WindowLike & {
  DOMParser: new () => { parseFromString(text: string, type: string): DomDocument };
  XMLSerializer: new () => { serializeToString(node: DomNode): string };
};
type Jsdom = { JSDOM: new (html: string) => { window: Window } };

const ELEMENT = 1;
const PROCESSING_INSTRUCTION = 7;

let loaded: { purify: DOMPurify; window: Window } | undefined;

/**
 * One jsdom window and one DOMPurify on it, made with the first SVG (jsdom takes a while to load, and
 * only the cleaner's thread needs it).
 */
function purifier() {
  if (loaded) return loaded;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => checkAttribute(node, data.attrName, data.attrValue));
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style') {
      const danger = dangerInValue((node as DomNode).textContent ?? '');
      if (danger) throw refuse(danger);
    }
  });
  loaded = { purify, window };
  return loaded;
}

/** Parses an SVG and answers its root element, refusing anything but one well-formed <svg> document. */
function parseSvg(window: Window, text: string): DomNode {
  // Entities are refused before parsing: an internal subset can expand to gigabytes (billion laughs).
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refuse('a DOCTYPE or entity');
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.localName === 'parsererror' || doc.getElementsByTagName('parsererror').length) {
    throw new ImageRejected('The SVG is not well-formed XML');
  }
  if (doc.doctype || root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  // Only the root element is kept, but a style sheet linked before it shows how the file was meant.
  for (const node of Array.from(doc.childNodes)) {
    if (node.nodeType === PROCESSING_INSTRUCTION && /^xml-stylesheet$/i.test(node.nodeName)) {
      throw refuse('a style sheet link');
    }
  }
  return root;
}

/** The root cleaned by DOMPurify in place; refuses the file when something active had to go. */
function clean(purify: DOMPurify, root: DomNode) {
  purify.sanitize(root, CONFIG);
  for (const removed of purify.removed) {
    if (!('element' in removed)) continue; // attributes outside the allowlist are only dropped
    const el = removed.element as DomNode;
    if (el.nodeType !== ELEMENT || !ACTIVE_NS.has(el.namespaceURI)) continue; // comments, editor data
    if (el.namespaceURI === SVG_NS && el.localName === 'metadata') continue;
    throw refuse(`<${el.nodeName}>`);
  }
}

/**
 * The SVG as DOMPurify keeps it (so what is stored is what was checked), serialized as XML; anything
 * that could run script or load a resource gets the file refused.
 */
export function sanitizeSvg(text: string): string {
  const { purify, window } = purifier();
  const root = parseSvg(window, text);
  clean(purify, root);
  const serialize = (node: DomNode) => new window.XMLSerializer().serializeToString(node);
  const out = serialize(root);
  // Belt and braces: the stored text must read back as the tree that was cleaned (nothing changes
  // through serializing, which mutation XSS relies on), so cleaning it again would change nothing.
  if (serialize(parseSvg(window, out)) !== out) throw new ImageRejected('The SVG could not be cleaned');
  return out;
}
