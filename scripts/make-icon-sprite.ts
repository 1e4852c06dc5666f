import { writeFileSync } from "node:fs";
import path from "node:path";
import { STOREFRONT_ICONS } from "../app/components/ui/icon";
import { SOCIAL_MARKS } from "../app/components/shop/social-icon";

/**
 * Writes public/icons.svg: the lucide icons the storefront uses, plus our social marks, as <symbol>s. Pages
 * reference them with <use>, so icons cost the shopper no JavaScript (decision 010). Run after changing
 * STOREFRONT_ICONS: `npx tsx scripts/make-icon-sprite.ts`.
 */
type IconNode = [string, Record<string, string>][];

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([key]) => key !== "key")
    .map(([key, value]) => `${kebab(key)}="${value}"`)
    .join(" ");

const symbols: string[] = [];
for (const name of STOREFRONT_ICONS) {
  const module = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: { node: IconNode } };
  const body = module.__iconData.node.map(([tag, attrs]) => `<${tag} ${attributes(attrs)}/>`).join("");
  symbols.push(
    `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`,
  );
}
for (const [name, d] of Object.entries(SOCIAL_MARKS)) {
  symbols.push(`<symbol id="social-${name}" viewBox="0 0 24 24" fill="currentColor"><path d="${d}"/></symbol>`);
}
const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
writeFileSync(path.resolve(import.meta.dirname, "..", "public", "icons.svg"), sprite);
console.log(`Wrote ${symbols.length} icons to public/icons.svg (${sprite.length} bytes).`);
