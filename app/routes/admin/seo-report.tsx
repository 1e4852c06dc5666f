import type { ReactNode } from "react";
import { AdminTable, Cell } from "~/components/admin/table";
import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/seo-report";

// A read-only search strategy for this shop (product.md §2 Admin): handcrafted African fashion, accessories and
// home decor, sold online from Nairobi to shoppers across Kenya. Written by the team; edited in code.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

type Level = "High" | "Medium" | "Low";
const KEYWORDS: { keyword: string; intent: string; demand: Level; competition: Level; page: string }[] = [
  { keyword: "african print dresses kenya", intent: "Buying", demand: "High", competition: "High", page: "Shop: Dresses" },
  { keyword: "kitenge dresses", intent: "Buying", demand: "High", competition: "Medium", page: "Shop: Dresses; Ankara Wrap Dress" },
  { keyword: "ankara wrap dress", intent: "Buying", demand: "Medium", competition: "Medium", page: "Ankara Wrap Dress" },
  { keyword: "kitenge shirts for men", intent: "Buying", demand: "Medium", competition: "Medium", page: "Shop: Men’s Wear" },
  { keyword: "kikoi shirt", intent: "Buying", demand: "Low", competition: "Low", page: "Kikoi Stripe Linen Shirt" },
  { keyword: "maasai beaded necklace", intent: "Buying", demand: "Medium", competition: "Medium", page: "Maasai Beaded Collar Necklace" },
  {
    keyword: "beaded jewellery nairobi",
    intent: "Local",
    demand: "Medium",
    competition: "Low",
    page: "Shop: Accessories; home contact section",
  },
  { keyword: "kiondo bag", intent: "Buying", demand: "Medium", competition: "Low", page: "Kiondo Sisal Handbag" },
  {
    keyword: "sisal baskets kenya",
    intent: "Buying",
    demand: "Medium",
    competition: "Medium",
    page: "Sisal Wall Basket Set; Shop: Home Decor",
  },
  { keyword: "african home decor", intent: "Browsing", demand: "Medium", competition: "High", page: "Shop: Home Decor" },
  { keyword: "kanga head wrap", intent: "Buying", demand: "Low", competition: "Low", page: "Kanga Cotton Head Wrap" },
  {
    keyword: "handmade gifts kenya",
    intent: "Browsing",
    demand: "Medium",
    competition: "Medium",
    page: "Home page; gift guide (content plan)",
  },
  { keyword: "how to tie a head wrap", intent: "Learning", demand: "Medium", competition: "Low", page: "Head wrap guide (content plan)" },
  {
    keyword: "what to wear to a ruracio",
    intent: "Learning",
    demand: "Medium",
    competition: "Low",
    page: "Ruracio outfit guide (content plan)",
  },
];

const COMPETITORS: { name: string; kind: string; strengths: string; opening: string }[] = [
  {
    name: "Jumia Kenya",
    kind: "General marketplace",
    strengths: "Very strong domain, ranks for broad product searches, shoppers already trust its checkout and delivery.",
    opening:
      "Listings are generic and crowded. We win long, specific searches (“kiondo bag with leather straps”) with detailed pages and maker stories.",
  },
  {
    name: "Kilimall",
    kind: "General marketplace",
    strengths: "Wide catalogue and low prices; ranks for price-led searches.",
    opening: "Little on craft, origin or sizing. Compete on quality, provenance and answers (FAQ, size details), not on price.",
  },
  {
    name: "Etsy sellers of African prints",
    kind: "International handmade marketplace",
    strengths: "Owns “handmade” searches worldwide; reviews and photos build trust.",
    opening:
      "Priced in dollars and shipped from abroad. In Kenya we offer KSH prices, M-Pesa and local delivery: say so in titles and descriptions.",
  },
  {
    name: "Afrikrea",
    kind: "African fashion marketplace",
    strengths: "Many designers and a strong “African fashion” brand with international buyers.",
    opening: "Broad and international. Focus on Kenyan craft names (kitenge, kikoi, kiondo, kanga) and on Nairobi and local searches.",
  },
  {
    name: "Instagram and TikTok boutiques in Nairobi",
    kind: "Social sellers",
    strengths: "Great photos and styling videos; loyal followers; quick ordering by chat.",
    opening: "Rarely have pages search engines can read. Our product pages, prices and FAQ are indexed; link our social profiles to them.",
  },
];

const CONTENT_PLAN: { month: string; piece: string; format: string; keyword: string; links: string }[] = [
  {
    month: "Month 1",
    piece: "Kitenge, ankara, kanga, kikoi: what is the difference?",
    format: "Guide with photos",
    keyword: "kitenge vs ankara",
    links: "Dresses, Men’s Wear, Kanga Cotton Head Wrap",
  },
  {
    month: "Month 1",
    piece: "Five ways to tie a kanga head wrap",
    format: "Short video and step-by-step guide",
    keyword: "how to tie a head wrap",
    links: "Kanga Cotton Head Wrap",
  },
  {
    month: "Month 2",
    piece: "Meet the weavers: how a kiondo is made in Machakos",
    format: "Maker story with photos",
    keyword: "kiondo bag",
    links: "Kiondo Sisal Handbag, Our Story",
  },
  {
    month: "Month 2",
    piece: "What to wear to a ruracio or traditional wedding",
    format: "Styling guide for women and men",
    keyword: "what to wear to a ruracio",
    links: "Dresses, Kitenge Short-Sleeve Shirt",
  },
  {
    month: "Month 3",
    piece: "Beadwork from Kajiado: the makers behind our collars",
    format: "Maker story",
    keyword: "maasai beaded necklace",
    links: "Maasai Beaded Collar Necklace, Accessories",
  },
  {
    month: "Month 3",
    piece: "Warm, handmade living rooms: sisal baskets and adinkra cushions",
    format: "Lookbook",
    keyword: "african home decor",
    links: "Home Decor, Sisal Wall Basket Set, Adinkra-Inspired Cushion Cover",
  },
  {
    month: "Before Christmas",
    piece: "Handmade gifts under KSH 5,000",
    format: "Gift guide, refreshed each season (Valentine’s, Mother’s Day)",
    keyword: "handmade gifts kenya",
    links: "Bestsellers across all categories",
  },
];

/** A part of the report: a plain section under its heading (its table is the landmark a keyboard can scroll). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h2 id={id} className="font-display text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 text-left font-semibold">
      {children}
    </th>
  );
}

const prose = "max-w-3xl space-y-3 leading-relaxed";
const list = "max-w-3xl list-disc space-y-2 pl-6 leading-relaxed";

export default function SeoReport() {
  return (
    <article className="space-y-12">
      <header className={prose}>
        <p className="text-sm font-semibold tracking-wide text-earth-700 uppercase dark:text-clay-200">Search strategy · read-only</p>
        <p className="text-lg">
          Most of our shoppers are in Kenya, on phones, and search for a craft by its name: kitenge, kikoi, kiondo, kanga, Maasai beadwork.
          Marketplaces own the broad searches; we can own the specific ones by being the page that best describes each piece, who made it
          and how to buy it with M-Pesa.
        </p>
        <p>
          The demand and competition levels below are our estimates, relative to one another. Check them against Google Search Console (our
          own searches and clicks) and Google Keyword Planner for Kenya before spending money on them.
        </p>
      </header>

      <Section id="keywords" title="Target keywords">
        <AdminTable columns={["Keyword", "Intent", "Demand", "Competition", "Target page"]} caption="Target keywords" textOnly>
          {KEYWORDS.map((row) => (
            <tr key={row.keyword}>
              <RowHeader>{row.keyword}</RowHeader>
              <Cell>{row.intent}</Cell>
              <Cell>{row.demand}</Cell>
              <Cell>{row.competition}</Cell>
              <Cell>{row.page}</Cell>
            </tr>
          ))}
        </AdminTable>
        <ul className={list}>
          <li>Put the craft name first in product names and titles (“Kiondo Sisal Handbag”, not “Handbag – Kiondo”).</li>
          <li>Write each description for a person: what it is made of, who made it and where, sizes and care. At least 120 words.</li>
          <li>Use Kenyan spellings and words shoppers type: “jewellery”, “kikoi”, “M-Pesa”, “Nairobi delivery”.</li>
        </ul>
      </Section>

      <Section id="competitors" title="Competitors">
        <AdminTable columns={["Competitor", "Kind", "Strengths", "Where we can win"]} caption="Competitors" textOnly>
          {COMPETITORS.map((row) => (
            <tr key={row.name}>
              <RowHeader>{row.name}</RowHeader>
              <Cell>{row.kind}</Cell>
              <Cell className="min-w-56">{row.strengths}</Cell>
              <Cell className="min-w-64">{row.opening}</Cell>
            </tr>
          ))}
        </AdminTable>
      </Section>

      <Section id="content-plan" title="Content plan">
        <div className={prose}>
          <p>
            Two pieces a month, each answering a real question and linking to the products it mentions. The shop has no blog section yet:
            until it has one, publish the guides as longer category and product descriptions, as FAQs, and as posts on our social profiles
            linking back to the products.
          </p>
        </div>
        <AdminTable columns={["When", "Piece", "Format", "Keyword", "Links to"]} caption="Content plan" textOnly>
          {CONTENT_PLAN.map((row) => (
            <tr key={row.piece}>
              <Cell className="whitespace-nowrap">{row.month}</Cell>
              <RowHeader>{row.piece}</RowHeader>
              <Cell>{row.format}</Cell>
              <Cell>{row.keyword}</Cell>
              <Cell>{row.links}</Cell>
            </tr>
          ))}
        </AdminTable>
        <ul className={list}>
          <li>Add every question customers ask by phone or chat to the FAQs: sizing, delivery areas and times, paying with M-Pesa.</li>
          <li>Refresh the hero slides for each season and campaign, with alt text that names the craft.</li>
        </ul>
      </Section>

      <Section id="technical" title="Technical SEO">
        <h3 className="font-display text-lg font-semibold">Already in place</h3>
        <ul className={list}>
          <li>Every shop page is rendered on the server, so search engines read products, prices and content without running scripts.</li>
          <li>A sitemap (/sitemap.xml) lists the home page, the shop, each category, each visible product and Our Story.</li>
          <li>robots.txt keeps the bag, checkout, order tracking and the back office out of search results; admin pages are noindex.</li>
          <li>Canonical links: filtered shop pages point to their category, so filters do not compete with one another.</li>
          <li>
            Structured data: each product with its price in KES and whether it is in stock, breadcrumbs, the shop as an Organization, and
            the FAQs.
          </li>
          <li>A renamed product keeps its old address, which redirects (301) to the new one.</li>
        </ul>
        <h3 className="font-display text-lg font-semibold">To do</h3>
        <ul className={list}>
          <li>Set PUBLIC_URL to the shop’s https address, and redirect the other host name (with or without www) to it.</li>
          <li>Verify the shop in Google Search Console, submit the sitemap, and check indexing and Core Web Vitals monthly.</li>
          <li>
            Prefer uploaded images to Google Drive links: uploads are served from our own domain as WebP in several sizes, which loads
            faster on mobile data.
          </li>
          <li>Give every product image meaningful alt text naming the craft and colour.</li>
          <li>Keep each page’s scripts light: most visits come from phones on mobile data.</li>
          <li>Mark up reviews only once the shop collects real ones.</li>
        </ul>
      </Section>

      <Section id="links" title="Link building">
        <ul className={list}>
          <li>
            <strong>Local presence:</strong> a Google Business Profile for our Nairobi address, with the same name, phone and address as
            Contact Info, and photos of the products.
          </li>
          <li>
            <strong>Makers and partners:</strong> ask the tailors, beadwork groups and weavers we work with to link to their pieces in our
            shop from their own pages and profiles.
          </li>
          <li>
            <strong>Press and blogs:</strong> pitch maker stories and gift guides to Kenyan lifestyle sections, fashion blogs and wedding
            planners; offer photos they can use with a link.
          </li>
          <li>
            <strong>Travel and gifts:</strong> hotels, tour operators and travel writers recommending what to buy in Kenya.
          </li>
          <li>
            <strong>Creators:</strong> styling videos by Nairobi creators linking to the exact product pages, not only to the home page.
          </li>
          <li>
            <strong>Directories:</strong> reputable made-in-Kenya and business directories. Never buy links or join link schemes: search
            engines penalise them.
          </li>
        </ul>
      </Section>
    </article>
  );
}
