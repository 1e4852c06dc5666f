import { Icon } from "~/components/ui/icon";
import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "~/components/theme";

const root = () => document.documentElement;

// The theme is the class on <html> (set before first paint by the theme script); watch it, don't copy it.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(root(), { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Light or dark, dark by default (product.md §1), kept in localStorage. */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribe, () => root().classList.contains("dark"), () => true);
  const toggle = () => {
    const next = !dark;
    root().classList.toggle("dark", next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next ? "dark" : "light");
    } catch {
      // Storage blocked: the choice lasts for this page.
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={dark ? "Switch to light theme" : "Switch to dark theme"}
      className="rounded-full p-2.5 hover:bg-clay-100 dark:hover:bg-earth-800"
    >
      {dark ? <Icon name="sun" className="size-5" /> : <Icon name="moon" className="size-5" />}
    </button>
  );
}
