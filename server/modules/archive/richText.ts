import sanitizeHtml from "sanitize-html";

/**
 * The rich-text editor's HTML as it may be stored and shown again: an allow-list of formatting
 * tags and inline styles, links only to http(s) and mailto (opening apart from the page, without
 * handing it over), pictures only from this platform's downloads or inline raster data. Script,
 * style, event-handler attributes and javascript: addresses never get through.
 */

const IMAGE_SOURCE = /^(?:\/api\/open\/download\/[A-Za-z0-9]+|data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/;
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i];
const SIZE = [/^\d+(?:\.\d+)?(?:px|pt|em|rem|%)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "span", "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li", "blockquote", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
  ],
  // script, style and the like go with their content; other unknown tags leave their text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  allowedAttributes: {
    "*": ["style"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedStyles: {
    "*": {
      color: COLOR,
      "background-color": COLOR,
      "font-size": SIZE,
      "text-align": [/^(?:left|right|center|justify)$/],
      "text-decoration": [/^(?:underline|line-through|none)$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !IMAGE_SOURCE.test(frame.attribs.src ?? ""),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
