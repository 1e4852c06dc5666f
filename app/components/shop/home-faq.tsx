import { Icon } from "~/components/ui/icon";
import type { Faqs } from "~/domain/site-documents.schema";

/** The home page's #faq: each question a native disclosure, so it opens by keyboard and without JavaScript. */
export function HomeFaq({ items }: { items: Faqs["items"] }) {
  if (items.length === 0) return null;
  return (
    <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl scroll-mt-24">
      <h2 id="faq-heading" className="text-center font-display text-3xl font-semibold">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-clay-200 border-y border-clay-200 dark:divide-earth-800 dark:border-earth-800">
        {items.map((item) => (
          <details key={item.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-semibold">
              {item.q}
              <Icon name="chevron-right" className="size-5 shrink-0 rotate-90 group-open:-rotate-90" />
            </summary>
            <p className="pb-5 whitespace-pre-line">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
