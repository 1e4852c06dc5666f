import { Icon, type IconName } from "~/components/ui/icon";
import type { ContactInfo } from "~/domain/site-documents.schema";
import { telLink } from "~/domain/links";
import { SocialIcon } from "./social-icon";

const icons: Record<ContactInfo["contactFields"][number]["icon"], IconName> = { Phone: "phone", Mail: "mail", MapPin: "map-pin" };

/** How a contact field is reached: phones are called, emails written to, places only read. */
function contactHref(field: ContactInfo["contactFields"][number]): string | undefined {
  if (field.icon === "Phone") return telLink(field.value);
  if (field.icon === "Mail") return `mailto:${field.value}`;
  return undefined;
}

/** The home page's #contact-us: the shop's contact info as staff wrote it (product.md §3). */
export function HomeContact({ contactInfo }: { contactInfo: ContactInfo }) {
  const { title, subtitle, contactFields, socialLinks } = contactInfo;
  return (
    <section
      id="contact-us"
      aria-labelledby="contact-heading"
      className="mx-auto max-w-6xl scroll-mt-24 rounded-3xl bg-clay-100 px-6 py-12 text-center dark:bg-earth-900"
    >
      <h2 id="contact-heading" className="font-display text-3xl font-semibold">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl">{subtitle}</p>
      <ul className="mt-10 grid gap-8 sm:grid-cols-3">
        {contactFields.map((field) => {
          const href = contactHref(field);
          return (
            <li key={field.id} className="flex flex-col items-center gap-1">
              <Icon name={icons[field.icon]} className="mb-2 size-6 text-clay-600 dark:text-ochre-400" />
              <span className="text-sm font-semibold">{field.label}</span>
              {href ? (
                <a href={href} className="underline [overflow-wrap:anywhere]">
                  {field.value}
                </a>
              ) : (
                field.value
              )}
            </li>
          );
        })}
      </ul>
      <ul aria-label="Social media" className="mt-10 flex flex-wrap justify-center gap-3">
        {socialLinks.map((social) => (
          <li key={social.id}>
            <a
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center gap-2 rounded-full border border-clay-300 px-4 text-sm font-semibold dark:border-earth-700"
            >
              <SocialIcon name={social.name} />
              {social.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
