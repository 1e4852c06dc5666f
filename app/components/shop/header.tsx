import { Icon } from "~/components/ui/icon";
import { useRef } from "react";
import { Link, NavLink } from "react-router";
import { useBag } from "./bag";
import { ThemeToggle } from "./theme-toggle";

const links = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/track", label: "Track Order" },
  { to: "/#contact-us", label: "Contact" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-semibold hover:bg-clay-100 dark:hover:bg-earth-800 ${
    isActive ? "text-clay-700 dark:text-ochre-300" : ""
  }`;

function NavLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  return (
    <>
      {links.map((link) => (
        <NavLink key={link.label} to={link.to} end={link.end} className={linkClass} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      {signedIn && (
        <NavLink to="/admin" className={linkClass} onClick={onNavigate}>
          Admin
        </NavLink>
      )}
    </>
  );
}

/** product.md §2: Home, Shop, About, Track Order, Contact, Admin (only when signed in), the bag, the theme, a mobile menu. */
export function Header({ storeName, signedIn }: { storeName: string; signedIn: boolean }) {
  const { count } = useBag();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute("open");
  return (
    <header className="sticky top-0 z-30 border-b border-clay-200 bg-clay-50/95 backdrop-blur dark:border-earth-800 dark:bg-earth-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        {/* A <details> menu opens without JavaScript too. */}
        <details ref={menu} className="group relative lg:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-full p-2.5 hover:bg-clay-100 dark:hover:bg-earth-800 [&::-webkit-details-marker]:hidden">
            <Icon name="menu" className="size-5" />
            <span className="sr-only">Menu</span>
          </summary>
          <nav
            aria-label="Main"
            className="absolute top-12 left-0 flex w-56 flex-col rounded-xl border border-clay-200 bg-clay-50 p-2 shadow-xl dark:border-earth-800 dark:bg-earth-900"
          >
            <NavLinks signedIn={signedIn} onNavigate={closeMenu} />
          </nav>
        </details>
        <Link to="/" className="font-display text-2xl font-semibold tracking-tight">
          {storeName}
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          <NavLinks signedIn={signedIn} />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <Link
            to="/cart"
            aria-label={count === 1 ? "Bag, 1 item" : `Bag, ${count} items`}
            className="relative rounded-full p-2.5 hover:bg-clay-100 dark:hover:bg-earth-800"
          >
            <Icon name="shopping-bag" className="size-5" />
            {count > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-clay-600 px-1 text-xs font-semibold text-white dark:bg-ochre-400 dark:text-earth-950"
              >
                {count}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
