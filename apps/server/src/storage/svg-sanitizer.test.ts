import { describe, expect, it } from 'vitest';
import { ImageRejected } from './image-rejected.js';
import { sanitizeSvg } from './svg-sanitizer.js';

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${body}</svg>`;

/** Each one could run script, load something from elsewhere, or change after it was checked. */
const hostile: [string, string][] = [
  ['a script', svg('<script>alert(1)</script>')],
  ['a script in CDATA', svg('<script><![CDATA[alert(1)]]></script>')],
  [
    'an XHTML script in metadata',
    svg('<metadata><h:script xmlns:h="http://www.w3.org/1999/xhtml">1</h:script></metadata>'),
  ],
  ['an SVG script inside editor data', svg('<i:pgf xmlns:i="urn:x"><script>alert(1)</script></i:pgf>')],
  ['an onload handler', svg('', ' onload="alert(1)"')],
  ['an upper-case handler', svg('<rect ONCLICK="alert(1)"/>')],
  ['a javascript: href', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
  ['a javascript: xlink:href', svg('<a xlink:href=" jav&#x09;ascript:alert(1)"><text>x</text></a>')],
  ['a foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
  ['MathML', svg('<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>')],
  ['an external image', svg('<image href="https://tracker.example/x.png"/>')],
  ['a protocol-relative image', svg('<image xlink:href="//tracker.example/x.png"/>')],
  ['an embedded SVG image', svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>')],
  ['a <use> of another file', svg('<use href="https://evil.example/sprite.svg#a"/>')],
  ['a <use> of a data: URL', svg('<use xlink:href="data:image/svg+xml,&lt;svg/&gt;#a"/>')],
  [
    'a <use> through another XLink prefix',
    svg('<use l:href="https://evil.example/s.svg#a" xmlns:l="http://www.w3.org/1999/xlink"/>'),
  ],
  ['an external filter image', svg('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>')],
  ['a style sheet with url()', svg('<style>rect { fill: url(https://evil.example/x) }</style><rect/>')],
  ['a style sheet with a protocol-relative url()', svg('<style>rect{fill:url(//evil.example/x)}</style>')],
  ['a style attribute with url()', svg('<rect style="fill: url( \'https://evil.example/x\' )"/>')],
  ['a presentation attribute with url()', svg('<rect fill="url(https://evil.example/x#g)"/>')],
  [
    'a style sheet with image-set()',
    svg('<style>svg{background-image:image-set("https://evil.example/x.png" 1x)}</style>'),
  ],
  [
    'a style attribute with -webkit-image-set()',
    svg('<rect style="mask-image:-webkit-image-set(\'//evil.example/x\' 1x)"/>'),
  ],
  ['a style sheet with src()', svg('<style>svg{background-image:src("https://evil.example/x.png")}</style>')],
  ['a style import', svg('<style>@import "https://evil.example/x.css";</style>')],
  ['an escaped style import', svg('<style>@\\69mport url(https://evil.example/x.css);</style>')],
  ['a CSS escape in an attribute', svg('<rect fill="\\75rl(https://evil.example/x)"/>')],
  ['an animated href', svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>')],
  ['a set of a handler', svg('<rect><set attributeName="onmouseover" to="alert(1)"/></rect>')],
  ['an animateTransform', svg('<rect><animateTransform attributeName="transform" type="rotate" to="90"/></rect>')],
  ['a style sheet link', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('<rect/>')}`],
  ['a DOCTYPE', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`],
];

describe('sanitizeSvg', () => {
  for (const [name, text] of hostile) {
    it(`refuses ${name}`, () => {
      // Refused for what it holds, not because it could not be read.
      expect(() => sanitizeSvg(text)).toThrow(/which is not allowed/);
    });
  }

  it('refuses what is not one well-formed SVG document', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"><rect', '<svg><rect/></svg>', '<html/>']) {
      expect(() => sanitizeSvg(text)).toThrow(ImageRejected);
    }
  });

  it('keeps shapes, gradients, filters, references within the file and embedded raster images', () => {
    const clean = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
        '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter><circle id="c" r="2"/></defs>' +
        '<style>rect { fill: url(#g) }</style>' +
        '<rect width="10" height="10" fill="url(#g)" filter="url(#f)"/><use xlink:href="#c"/><use href="#c" x="3"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/><text x="1" y="9">a &lt;b&gt; &amp; c</text>',
      ' viewBox="0 0 10 10"',
    );
    expect(sanitizeSvg(clean)).toBe(clean);
  });

  it('drops what editors add and nothing shows: metadata, comments, data and editor attributes', () => {
    const out = sanitizeSvg(
      '<?xml version="1.0"?><!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg" ' +
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3">' +
        '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></metadata>' +
        '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>' +
        '<!-- hidden --><rect width="1" height="1" data-name="box" aria-label="box"/></svg>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  });
});
