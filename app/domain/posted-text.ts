// Text posted to the shop, made storable where it enters. PostgreSQL's text and jsonb refuse the NUL character
// (U+0000), and jsonb refuses half of a surrogate pair; neither can be typed, so a post carrying one is hostile
// or broken, and the shop keeps the rest of what was sent rather than failing on it.

/** Text without NUL characters, each lone surrogate half replaced by U+FFFD (as a browser's form encoding does). */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "").replace(/\p{Surrogate}/gu, "\uFFFD");
}

/** JSON.parse for JSON a form posts: every string value in it storable (the schemas drop unknown keys). */
export function parsePostedJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? storableText(value) : value));
}

/**
 * What a form's boxes named "<prefix><value>" ticked: a ticked box posts its name, an unticked one posts nothing, so
 * a form without JavaScript sends each ticked value without a script gathering them.
 */
export function tickedBoxes(fields: Record<string, string>, prefix: string): string[] {
  return Object.keys(fields)
    .filter((field) => field.startsWith(prefix))
    .map((field) => field.slice(prefix.length));
}
