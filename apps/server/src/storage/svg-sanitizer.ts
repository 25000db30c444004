import { createRequire } from 'node:module';
import { ImageRejected } from './image-rejected.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/** Namespaces whose elements a browser may run or render as markup: never allowed inside an SVG. */
const ACTIVE_NS = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML'];

/**
 * SVG elements a logo may have: shapes, text, paint servers, clipping, masking and filters. Anything
 * else (script, foreignObject, animate, set, handler, feImage, switch, ...) makes the file refused.
 */
const ELEMENTS = new Set(
  `svg g defs symbol use title desc a path rect circle ellipse line polyline polygon text tspan textPath
   linearGradient radialGradient stop pattern clipPath mask marker filter style image
   feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting
   feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR
   feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting
   feSpotLight feTile feTurbulence`.split(/\s+/),
);
/** Elements editors add that show nothing; they are dropped rather than refused. */
const DROPPED_ELEMENTS = new Set(['metadata']);

/** Geometry and presentation attributes; others are dropped, and event handlers are refused. */
const ATTRIBUTES = new Set(
  `id class style lang transform viewBox preserveAspectRatio version baseProfile width height
   x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points pathLength offset
   gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform
   clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient
   filterUnits primitiveUnits in in2 result stdDeviation dx dy mode operator k1 k2 k3 k4 values type
   tableValues slope intercept amplitude exponent scale xChannelSelector yChannelSelector radius
   baseFrequency numOctaves seed stitchTiles order kernelMatrix divisor bias targetX targetY edgeMode
   kernelUnitLength preserveAlpha surfaceScale diffuseConstant specularConstant specularExponent
   azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle
   text-anchor dominant-baseline alignment-baseline baseline-shift font font-family font-size
   font-size-adjust font-style font-weight font-variant font-stretch letter-spacing word-spacing
   text-decoration writing-mode direction unicode-bidi lengthAdjust textLength rotate startOffset
   method spacing side fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin
   stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity color display visibility
   overflow clip clip-path clip-rule mask filter marker marker-start marker-mid marker-end stop-color
   stop-opacity flood-color flood-opacity lighting-color color-interpolation color-interpolation-filters
   color-rendering shape-rendering text-rendering image-rendering paint-order vector-effect
   mix-blend-mode isolation transform-origin enable-background media`.split(/\s+/),
);

/** Embedded raster images are the only thing an <image> may show. */
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** What in a value (an attribute, or a style sheet) could run script or fetch something from elsewhere. */
function dangerInValue(value: string): string | null {
  // Controls and whitespace inside a word do not stop a browser reading "java\tscript:".
  const squeezed = value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\p{Cc}\s]+/gu, '');
  // CSS escapes (\69 is "i") can spell anything; an SVG logo never needs one.
  if (value.includes('\\')) return 'a CSS escape';
  if (/(java|vb)script:/i.test(squeezed)) return 'a javascript: link';
  if (/@import/i.test(squeezed)) return 'a style import';
  if (/url\((?!['"]?#)/i.test(squeezed)) return 'a reference to another resource';
  if (/expression\(|-moz-binding|behavior:/i.test(squeezed)) return 'a style expression';
  return null;
}

type DomNode = {
  nodeType: number;
  nodeName: string;
  namespaceURI: string | null;
  localName: string;
  childNodes: ArrayLike<DomNode>;
  attributes: ArrayLike<{ namespaceURI: string | null; localName: string; name: string; value: string }>;
  textContent: string | null;
  removeAttributeNode(attr: unknown): void;
  removeChild(node: DomNode): void;
};
type Window = {
  document: { documentElement: DomNode | null; doctype: unknown; childNodes: ArrayLike<DomNode> };
  XMLSerializer: new () => { serializeToString(node: DomNode): string };
};
/** The little of jsdom used here (it ships no types). */
type Jsdom = new (text: string, options: { contentType: string }) => { window: Window };

let jsdom: { JSDOM: Jsdom } | undefined;
/** jsdom takes a while to load, so it is loaded with the first SVG rather than at start-up. */
const loadJsdom = () => {
  jsdom ??= createRequire(import.meta.url)('jsdom') as { JSDOM: Jsdom };
  return jsdom;
};

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PROCESSING_INSTRUCTION = 7;

/**
 * Cleans an SVG element tree in place against the allowlists: throws ImageRejected for anything that
 * could run script or load something, drops what an editor adds that shows nothing, and answers
 * whether anything was dropped.
 */
function clean(el: DomNode): boolean {
  let dropped = false;
  for (const attr of Array.from(el.attributes)) {
    const ns = attr.namespaceURI;
    const name = attr.localName;
    if (/^on/i.test(name)) throw new ImageRejected('The SVG contains an event handler, which is not allowed');
    if (ns === XMLNS_NS || (ns === XML_NS && (name === 'space' || name === 'lang'))) continue;
    if (name === 'href' && (ns === null || ns === XLINK_NS)) {
      const target = attr.value.trim();
      if (target.startsWith('#') && !dangerInValue(target)) continue;
      if (el.localName === 'image' && RASTER_DATA_URL.test(target)) continue;
      throw new ImageRejected('The SVG contains a link to another resource, which is not allowed');
    }
    if (ns === null && ATTRIBUTES.has(name)) {
      const danger = dangerInValue(attr.value);
      if (danger) throw new ImageRejected(`The SVG contains ${danger}, which is not allowed`);
      continue;
    }
    el.removeAttributeNode(attr);
    dropped = true;
  }
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === TEXT || child.nodeType === CDATA) {
      if (el.localName === 'style') {
        const danger = dangerInValue(child.textContent ?? '');
        if (danger) throw new ImageRejected(`The SVG contains ${danger}, which is not allowed`);
      }
      continue;
    }
    if (child.nodeType === PROCESSING_INSTRUCTION && /^xml-stylesheet$/i.test(child.nodeName)) {
      throw new ImageRejected('The SVG contains a style sheet link, which is not allowed');
    }
    if (child.nodeType !== ELEMENT) {
      // Comments and other processing instructions show nothing.
      el.removeChild(child);
      dropped = true;
      continue;
    }
    if (child.namespaceURI === SVG_NS && ELEMENTS.has(child.localName)) {
      if (clean(child)) dropped = true;
      continue;
    }
    if (child.namespaceURI === null || ACTIVE_NS.includes(child.namespaceURI)) {
      throw new ImageRejected(`The SVG contains <${child.nodeName}>, which is not allowed`);
    }
    if (child.namespaceURI === SVG_NS && !DROPPED_ELEMENTS.has(child.localName)) {
      throw new ImageRejected(`The SVG contains <${child.localName}>, which is not allowed`);
    }
    // Editor data (metadata, sodipodi:namedview, ...): inert, and left out of what is stored.
    assertInert(child);
    el.removeChild(child);
    dropped = true;
  }
  return dropped;
}

/** A dropped subtree may not hide markup a browser would run (an XHTML script inside metadata, say). */
function assertInert(el: DomNode) {
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === PROCESSING_INSTRUCTION && /^xml-stylesheet$/i.test(child.nodeName)) {
      throw new ImageRejected('The SVG contains a style sheet link, which is not allowed');
    }
    if (child.nodeType !== ELEMENT) continue;
    if (child.namespaceURI === SVG_NS || child.namespaceURI === null || ACTIVE_NS.includes(child.namespaceURI)) {
      throw new ImageRejected(`The SVG contains <${child.nodeName}> in its metadata, which is not allowed`);
    }
    assertInert(child);
  }
}

/** Parses an SVG and answers its root element, refusing anything but one well-formed <svg> document. */
function parseSvg(text: string): { root: DomNode; window: Window } {
  // Entities are refused before parsing: an internal subset can expand to gigabytes (billion laughs).
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ImageRejected('The SVG contains a DOCTYPE or entity, which is not allowed');
  }
  const { JSDOM } = loadJsdom();
  let dom: InstanceType<Jsdom>;
  try {
    dom = new JSDOM(text, { contentType: 'image/svg+xml' });
  } catch {
    throw new ImageRejected('The SVG is not well-formed XML');
  }
  const doc = dom.window.document;
  const root = doc.documentElement;
  if (doc.doctype || !root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') {
    throw new ImageRejected('Only PNG, JPEG, SVG and ICO images are accepted');
  }
  for (const node of Array.from(doc.childNodes)) {
    if (node.nodeType === PROCESSING_INSTRUCTION && /^xml-stylesheet$/i.test(node.nodeName)) {
      throw new ImageRejected('The SVG contains a style sheet link, which is not allowed');
    }
  }
  return { root, window: dom.window };
}

/**
 * The SVG rebuilt from its allowed elements and attributes only (so what is stored is what was
 * checked); anything that could run script or load a resource gets the file refused.
 */
export function sanitizeSvg(text: string): string {
  const { root, window } = parseSvg(text);
  clean(root);
  const out = new window.XMLSerializer().serializeToString(root);
  // Belt and braces: the stored text, read back, must pass as it is, with nothing left to drop.
  const again = parseSvg(out);
  if (clean(again.root)) throw new ImageRejected('The SVG could not be cleaned');
  return out;
}
