import { Icon } from "~/components/ui/icon";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/image";
import type { HeroSlide } from "~/domain/site-documents.schema";

/** product.md §9: a new slide every 5 s (the fade takes 1 s, the duration-1000 below). */
const SLIDE_INTERVAL_MS = 5_000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const watchReducedMotion = (onChange: () => void) => {
  const query = matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * Slides only move in a browser that has not asked for less motion; on the server (and before hydration)
 * they stand still, as they do without JavaScript.
 */
function useMotionAllowed() {
  return useSyncExternalStore(
    watchReducedMotion,
    () => !matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * True once the page has loaded: the later slides' pictures wait for it, since pictures in view load at
 * once even when transparent, and theirs would share a phone's slow network with the first slide's.
 */
function usePageLoaded() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const load = () => setLoaded(true);
    if (document.readyState === "complete") return load();
    window.addEventListener("load", load, { once: true });
    return () => window.removeEventListener("load", load);
  }, []);
  return loaded;
}

/**
 * The home page's hero (product.md §2): slides fade one into the next every 5 s until the shopper touches,
 * clicks or focuses anything in it; dots choose a slide, and on phones arrows step through them.
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const [current, setCurrent] = useState(0);
  const [stopped, setStopped] = useState(false);
  const count = slides.length;
  const rotating = useMotionAllowed() && !stopped && count > 1;
  const pageLoaded = usePageLoaded();
  // Slides may be removed while the page is open.
  const active = current < count ? current : 0;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  if (count === 0) {
    return <p className="mx-auto max-w-6xl px-4 py-24 text-center">Hero section content not configured.</p>;
  }

  const stop = () => setStopped(true);
  const show = (index: number) => {
    stop();
    setCurrent((index + count) % count);
  };
  // Arrows on phones and tablets (under 1024 px, product.md §2); dots everywhere.
  const arrow = "grid size-11 place-items-center rounded-full bg-black/50 text-white lg:hidden";

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative"
      onFocus={stop}
      onPointerDown={stop}
    >
      {/* Announced only when the shopper moves the slides, never while they turn by themselves. */}
      <div aria-live={rotating ? "off" : "polite"} className="relative h-[min(78svh,42rem)] min-h-[28rem] overflow-hidden bg-earth-900">
        {slides.map((slide, index) => {
          const shown = index === active;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!shown}
              inert={!shown}
              className={`absolute inset-0 transition-opacity duration-1000 ${shown ? "opacity-100" : "opacity-0"}`}
            >
              {(index === 0 || pageLoaded || shown) && (
                <Picture
                  url={slide.src}
                  alt={slide.alt}
                  width={1600}
                  height={900}
                  sizes="100vw"
                  priority={index === 0}
                  className="absolute inset-0 size-full object-cover"
                />
              )}
              <div className="absolute inset-0 bg-linear-to-t from-black/80 via-black/40 to-black/10" />
              <div className="relative mx-auto flex h-full max-w-6xl flex-col items-start justify-end px-4 pb-20 text-white">
                <h2 className="max-w-2xl font-display text-4xl leading-tight font-semibold lg:text-6xl">{slide.title}</h2>
                <p className="mt-4 max-w-xl text-lg text-white/90">{slide.subtitle}</p>
                <Link to={slide.link || "/products"} className={buttonClass("primary", "mt-7 px-7")}>
                  Shop Now
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-3">
          <button type="button" aria-label="Previous slide" onClick={() => show(active - 1)} className={arrow}>
            <Icon name="chevron-right" className="size-6 rotate-180" />
          </button>
          <div role="group" aria-label="Choose a slide" className="flex gap-1">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Show slide ${index + 1} of ${count}`}
                aria-current={index === active ? "true" : undefined}
                onClick={() => show(index)}
                className="grid h-6 min-w-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full bg-white ${index === active ? "w-7" : "w-2.5 opacity-60"}`}
                />
              </button>
            ))}
          </div>
          <button type="button" aria-label="Next slide" onClick={() => show(active + 1)} className={arrow}>
            <Icon name="chevron-right" className="size-6" />
          </button>
        </div>
      )}
    </section>
  );
}
