import { formatKsh } from "~/domain/money";
import { newestProducts } from "~/server/catalogue.server";
import { useLiveTopics } from "~/components/live-sync";
import type { Route } from "./+types/home";

/** SPEC §9: the home page shows the first 10 visible products. */
const HOME_PRODUCT_COUNT = 10;

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Duka | Handcrafted African fashion, accessories and home decor" },
    { name: "description", content: "Modern African fashion, accessories, menswear and home decor, handmade in Kenya." },
  ];
}

export async function loader() {
  return { products: await newestProducts(HOME_PRODUCT_COUNT) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useLiveTopics(["products"]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-4xl font-semibold">Duka</h1>
      <h2 className="mt-8 text-2xl font-semibold">Shop the collection</h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {loaderData.products.map((product) => (
          <li key={product.id} className="rounded-lg border border-clay-200 p-4 dark:border-earth-800">
            <p className="font-medium">{product.name}</p>
            <p className="mt-1">{formatKsh(product.priceCents)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
