// Shopify and WooCommerce describe products in HTML; the shop keeps plain text.

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith("#")) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|pre)\b[^>]*>/gi;

/**
 * An HTML description as plain text: paragraphs and other blocks parted by a blank line, <br> and list items
 * on lines of their own, tags dropped, entities decoded. Text without tags is kept as written.
 */
export function htmlToText(html: string): string {
  const text = /<[a-z!/]/i.test(html)
    ? html
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
        .replace(/<!--[\s\S]*?-->/g, "")
        // Line breaks in HTML source are spaces; only tags break lines.
        .replace(/\s+/g, " ")
        .replace(/<br\s*\/?>/gi, "\n")
        .replace(/<li\b[^>]*>/gi, "\n")
        .replace(BLOCK_TAG, "\n\n")
        .replace(/<[^>]*>/g, "")
    : html.replace(/\r\n?/g, "\n");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
