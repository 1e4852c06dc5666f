import { describe, expect, test } from "vitest";
import { htmlToText } from "./html";

describe("htmlToText", () => {
  test.each([
    ["<p>One</p><p>Two</p>", "One\n\nTwo"],
    ["<p>One<br>two<br/>three</p>", "One\ntwo\nthree"],
    ["<ul>\n  <li>Cotton</li>\n  <li>Hand-made</li>\n</ul>", "Cotton\nHand-made"],
    ["<p>Intro</p><ol><li>a</li><li>b</li></ol><p>End</p>", "Intro\n\na\nb\n\nEnd"],
    ["<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; it&#39;s&nbsp;fine &#8211; &#x2014;</p>", 'Tom & Jerry <3 "hi" it\'s fine – —'],
    ["<p>Line\nwrapped in the source</p>", "Line wrapped in the source"],
    ["<script>alert(1)</script><style>p{}</style><p>Safe</p><!-- note -->", "Safe"],
    ["<h2>Care</h2><div>Hand wash</div>", "Care\n\nHand wash"],
    ["Plain text\nkeeps its lines", "Plain text\nkeeps its lines"],
    ["Fish &amp; chips", "Fish & chips"],
    ["&unknown; &#0;", "&unknown; &#0;"],
    ["", ""],
  ])("%j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
