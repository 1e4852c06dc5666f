import { useLiveTopics } from "~/components/live-sync";
import { jsonLd, seoMeta } from "~/components/seo";
import { HeroSlider } from "~/components/shop/hero-slider";
import { HomeCollection as Collection } from "~/components/shop/home-collection";
import { HomeContact as Contact } from "~/components/shop/home-contact";
import { HomeFaq as Faq } from "~/components/shop/home-faq";
import { hydrateLater } from "~/components/shop/hydrate-later";
import { driveThumbnail } from "~/domain/images";
import type { ContactInfo, Faqs } from "~/domain/site-documents.schema";
import { newestProducts } from "~/server/catalogue.server";
import { shopOrigin } from "~/server/config.server";
import { readSiteDocument } from "~/server/site-documents.server";
import { useShopLayout } from "./layout";
import type { Route } from "./+types/home";

/** product.md §9: the home page shows the first 10 visible products. */
const HOME_PRODUCT_COUNT = 10;

// Below the hero, which fills a phone's screen: plain HTML (links, disclosures) until the page has settled.
const HomeCollection = hydrateLater(Collection);
const HomeFaq = hydrateLater(Faq);
const HomeContact = hydrateLater(Contact);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const layout = matches[1]?.loaderData;
  if (!layout || !loaderData) return [];
  return [
    ...seoMeta({
      title: `${layout.storeName} | Handcrafted African fashion, accessories and home decor`,
      description: "Modern African fashion, accessories, menswear and home decor, handmade by artisans in Kenya. Pay with M-Pesa.",
      origin: layout.origin,
      path: "/",
      image: loaderData.shareImage,
    }),
    ...loaderData.structuredData.map(jsonLd),
  ];
}

/** The shop as an Organization and its questions as an FAQPage, for search engines; built on the server. */
function structuredData(origin: string, storeName: string, contactInfo: ContactInfo, faqs: Faqs["items"]) {
  const phone = contactInfo.contactFields.find((field) => field.icon === "Phone")?.value;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: storeName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    sameAs: contactInfo.socialLinks.map((link) => link.url),
    ...(phone && { contactPoint: { "@type": "ContactPoint", telephone: phone, contactType: "customer service" } }),
  };
  if (faqs.length === 0) return [organization];
  const faqPage = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((item) => ({ "@type": "Question", name: item.q, acceptedAnswer: { "@type": "Answer", text: item.a } })),
  };
  return [organization, faqPage];
}

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, contactInfo, faqs, products] = await Promise.all([
    readSiteDocument("settings"),
    readSiteDocument("contactInfo"),
    readSiteDocument("faqs"),
    newestProducts(HOME_PRODUCT_COUNT),
  ]);
  const firstSlide = settings.heroSlides[0];
  return {
    slides: settings.heroSlides,
    faqs: faqs.items,
    products,
    shareImage: firstSlide ? driveThumbnail(firstSlide.src) : null,
    structuredData: structuredData(shopOrigin(request), settings.storeName, contactInfo, faqs.items),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useLiveTopics(["products", "settings", "content"]);
  const { storeName, contactInfo } = useShopLayout();
  const { slides, faqs, products } = loaderData;
  return (
    <>
      <h1 className="sr-only">{storeName}: handcrafted African fashion, accessories and home decor</h1>
      <HeroSlider slides={slides} />

      <HomeCollection products={products} />

      <div className="space-y-20 px-4 pb-4">
        <HomeFaq items={faqs} />
        <HomeContact contactInfo={contactInfo} />
      </div>
    </>
  );
}
