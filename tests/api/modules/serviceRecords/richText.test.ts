import { describe, expect, it } from "vitest";
import { richText, richTextLength, validateServiceRecord } from "../../../../contract/serviceRecord";
import { sanitizeRichText } from "../../../../server/modules/archive/richText";

describe("richTextLength", () => {
  it("counts the text, not the markup", () => {
    expect(richTextLength('<p style="color:red"><strong>专利</strong>导航</p><br/><img src="/api/open/download/ab">')).toBe(4);
    expect(richTextLength("<!-- 注释 --><p>a</p>")).toBe(1);
  });

  it("counts an entity as one character", () => {
    expect(richTextLength("&amp;&lt;&gt;&quot;&nbsp;&#38;&#x26;")).toBe(7);
    expect(richText("a&amp;b")).toBe("a&b");
    expect(richText("&unknown;")).toBe("&unknown;");
  });

  it("counts characters outside the basic plane once", () => {
    expect(richTextLength("<p>𠀀😀</p>")).toBe(2);
  });
});

describe("validateServiceRecord", () => {
  it("gives the message keys in the form's order", () => {
    expect(validateServiceRecord({}).map((e) => e.message)).toEqual([
      "cooperativePartnerRequired",
      "belongCustomerRequired",
      "businessOpportunityRequired",
      "mainBusinessRequired",
      "serviceContentRequired",
      "serviceTimeRequired",
    ]);
  });
});

describe("sanitizeRichText", () => {
  it("removes script and style elements, event handlers and javascript: links", () => {
    const clean = sanitizeRichText(
      '<p onclick="x()">a<script>evil()</script></p><style>*{}</style><a href="javascript:evil()">b</a><a href="JaVaScRiPt:evil()">c</a><img src="javascript:evil()">',
    );
    expect(clean).toBe('<p>a</p><a target="_blank" rel="noopener noreferrer nofollow">b</a><a target="_blank" rel="noopener noreferrer nofollow">c</a>');
  });

  it("keeps ordinary formatting, tables, mail links and inline pictures", () => {
    const html =
      '<h1>标题</h1><p><b>b</b><i>i</i><s>s</s><span style="text-decoration:underline">u</span></p>' +
      '<ol><li>x</li></ol><table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<a href="mailto:ip@example.org">mail</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="图">';
    expect(sanitizeRichText(html)).toBe(
      '<h1>标题</h1><p><b>b</b><i>i</i><s>s</s><span style="text-decoration:underline">u</span></p>' +
        '<ol><li>x</li></ol><table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
        '<a href="mailto:ip@example.org" target="_blank" rel="noopener noreferrer nofollow">mail</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="图" />',
    );
  });

  it("drops pictures from elsewhere and unsafe styles", () => {
    expect(sanitizeRichText('<img src="https://tracker.example/p.gif"><img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe("");
    expect(sanitizeRichText('<p style="background-image:url(x);color:expression(alert(1))">t</p>')).toBe("<p>t</p>");
  });
});
