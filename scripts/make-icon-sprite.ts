import { writeFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_ICONS } from "../app/components/admin/icon";
import { SOCIAL_MARKS } from "../app/components/shop/social-icon";
import { STOREFRONT_ICONS } from "../app/components/ui/icon";

/**
 * Writes public/icons.svg, the lucide icons the storefront uses plus our social marks, and
 * public/admin-icons.svg, the back office's, as <symbol>s. Pages reference them with <use>, so icons cost no
 * JavaScript and no HTML per use (decision 010). Run after changing either list:
 * `npx tsx scripts/make-icon-sprite.ts`.
 */
type IconNode = [string, Record<string, string>][];

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([key]) => key !== "key")
    .map(([key, value]) => `${kebab(key)}="${value}"`)
    .join(" ");

async function lucideSymbols(names: readonly string[]): Promise<string[]> {
  const symbols: string[] = [];
  for (const name of names) {
    const module = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: { node: IconNode } };
    const body = module.__iconData.node.map(([tag, attrs]) => `<${tag} ${attributes(attrs)}/>`).join("");
    symbols.push(
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`,
    );
  }
  return symbols;
}

function writeSprite(file: string, symbols: string[]) {
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  writeFileSync(path.resolve(import.meta.dirname, "..", "public", file), sprite);
  console.log(`Wrote ${symbols.length} icons to public/${file} (${sprite.length} bytes).`);
}

const socialMarks = Object.entries(SOCIAL_MARKS).map(
  ([name, d]) => `<symbol id="social-${name}" viewBox="0 0 24 24" fill="currentColor"><path d="${d}"/></symbol>`,
);
writeSprite("icons.svg", [...(await lucideSymbols(STOREFRONT_ICONS)), ...socialMarks]);
writeSprite("admin-icons.svg", await lucideSymbols(ADMIN_ICONS));
