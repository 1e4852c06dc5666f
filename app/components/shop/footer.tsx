import { Link } from "react-router";
import type { ContactInfo } from "~/domain/site-documents.schema";
import { NewsletterForm } from "./newsletter-form";
import { SocialIcon } from "./social-icon";

const heading = "font-display text-lg font-semibold";
const link = "hover:underline";

/** A titled list of the footer's links, named by its title for screen readers' landmark lists. */
function FooterLinks({ title, links }: { title: string; links: { to: string; text: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={heading}>{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map(({ to, text }) => (
          <li key={to}>
            <Link to={to} className={link}>
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * product.md §2: social icons, Shop links (All Products plus the first 4 categories), About links (with the Privacy
 * Policy, issue 25), newsletter, Admin.
 */
export function Footer({
  storeName,
  categories,
  socialLinks,
}: {
  storeName: string;
  categories: { id: string; name: string }[];
  socialLinks: ContactInfo["socialLinks"];
}) {
  return (
    <footer className="mt-20 border-t border-clay-200 bg-clay-100/60 dark:border-earth-800 dark:bg-earth-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl font-semibold">{storeName}</p>
          <p className="mt-2 text-sm">Handcrafted African fashion, accessories and home decor, made by artisans in Kenya.</p>
          {socialLinks.length > 0 && (
            <ul className="mt-4 flex gap-2" aria-label="Follow us">
              {socialLinks.map((social) => (
                <li key={social.id}>
                  <a
                    href={social.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={social.name}
                    className="grid size-10 place-items-center rounded-full border border-clay-300 hover:bg-clay-200 dark:border-earth-700 dark:hover:bg-earth-800"
                  >
                    <SocialIcon name={social.name} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterLinks
          title="Shop"
          links={[
            { to: "/products", text: "All Products" },
            ...categories.slice(0, 4).map((category) => ({ to: `/products?categoryId=${encodeURIComponent(category.id)}`, text: category.name })),
          ]}
        />
        <FooterLinks
          title="About"
          links={[
            { to: "/about", text: "Our Story" },
            { to: "/#faq", text: "FAQ" },
            { to: "/#contact-us", text: "Contact Us" },
            { to: "/track", text: "Track Order" },
            { to: "/privacy", text: "Privacy Policy" },
          ]}
        />
        <div>
          <h2 className={heading}>Newsletter</h2>
          <p className="mt-3 text-sm">New pieces and artisan stories, once a month.</p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-clay-200 dark:border-earth-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm">
          <p>© 2025 {storeName}. All rights reserved.</p>
          <Link to="/admin" className={link}>
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
