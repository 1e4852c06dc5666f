import { WrittenParagraphs } from "~/components/shop/written-paragraphs";
import { useLiveTopics } from "~/components/live-sync";
import { seoMeta } from "~/components/seo";
import { Picture } from "~/components/ui/image";
import { driveThumbnail } from "~/domain/images";
import { writtenParagraphs } from "~/domain/site-content";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/about";

const DESCRIPTION_LENGTH = 160;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  return seoMeta({
    title: `${loaderData?.title ?? "Our Story"} | ${layout?.storeName ?? "Duka"}`,
    description: loaderData?.description ?? "",
    origin: layout?.origin ?? "",
    path: "/about",
    image: loaderData?.imageUrl ? driveThumbnail(loaderData.imageUrl) : null,
  });
}

export async function loader() {
  const story = await readSiteDocument("ourStory");
  const paragraphs = writtenParagraphs(story.text);
  const first = paragraphs[0] ?? "";
  return {
    title: story.title,
    paragraphs,
    imageUrl: story.imageUrl,
    description: first.length > DESCRIPTION_LENGTH ? `${first.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : first,
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  useLiveTopics(["content"]);
  const { title, paragraphs, imageUrl } = loaderData;
  return (
    <article className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:items-start lg:gap-16 lg:py-20">
      {imageUrl && (
        // Decorative beside the story it illustrates; the story's words carry the meaning.
        <Picture
          url={imageUrl}
          alt=""
          width={1200}
          height={1500}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority
          className="aspect-[4/3] w-full rounded-3xl object-cover lg:sticky lg:top-24 lg:order-last lg:aspect-[4/5]"
        />
      )}
      <div>
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
        <WrittenParagraphs paragraphs={paragraphs} />
      </div>
    </article>
  );
}
