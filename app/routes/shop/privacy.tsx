import { WrittenParagraphs } from "~/components/shop/written-paragraphs";
import { useLiveTopics } from "~/components/live-sync";
import { seoMeta } from "~/components/seo";
import { privacyPage } from "~/domain/privacy";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/privacy";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  const storeName = layout?.storeName ?? "Duka";
  return seoMeta({
    title: `${loaderData?.title ?? "Privacy Policy"} | ${storeName}`,
    description: `What ${storeName} keeps about you, why, for how long, and how to ask for a copy or erasure.`,
    origin: layout?.origin ?? "",
    path: "/privacy",
    image: null,
  });
}

export async function loader() {
  const [policy, settings, contactInfo] = await Promise.all([
    readSiteDocument("privacy"),
    readSiteDocument("settings"),
    readSiteDocument("contactInfo"),
  ]);
  return privacyPage(policy, settings.storeName, contactInfo);
}

/** The shop's privacy policy (issue 25), its shop name and contact details filled from Site Settings and Contact Info. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  // The policy names the shop and its contact details, so it follows Site Settings and Contact Info as well.
  useLiveTopics(["content", "settings"]);
  const { title, paragraphs } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 lg:py-20">
      <h1 className="font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
      <WrittenParagraphs paragraphs={paragraphs} />
    </article>
  );
}
