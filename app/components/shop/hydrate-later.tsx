import { type ComponentType, lazy, memo, Suspense } from "react";

const FIRST_TOUCH = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser is idle, or at the shopper's first touch, key or focus,
 * whichever comes first. On the server it is already settled.
 */
function pageSettled(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  settled ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of FIRST_TOUCH) removeEventListener(type, done, true);
      resolve();
    };
    for (const type of FIRST_TOUCH) addEventListener(type, done, { capture: true, passive: true });
    const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(done, { timeout: 2_000 }) : setTimeout(done, 200));
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
  });
  return settled;
}

/**
 * A part of the page that is below the fold or hidden, hydrated after the page has settled (decision 051): the
 * server's HTML shows (and works as it does without JavaScript) meanwhile, and its hydration stays off the first
 * load's main thread, where a cheap phone's slow CPU would block taps. React keeps a Suspense boundary's server
 * HTML while the component in it is pending, so nothing shifts or mismatches; an update that reaches it first (a
 * navigation) waits for it, and the shopper's touch that starts one settles the page.
 */
export function hydrateLater<Props extends object>(Component: ComponentType<Props>) {
  const Part = lazy(() =>
    typeof document === "undefined"
      ? // On the server it is ready at once (a thenable that resolves as it is asked), so its HTML is written in
        // place, not streamed after the page and swapped in by a script that a page without JavaScript never runs.
        ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: Component }) } as Promise<{
          default: ComponentType<Props>;
        }>)
      : pageSettled().then(() => ({ default: Component })),
  );
  // memo: a parent's re-render with the same props must not force the part to hydrate before the page settles.
  return memo(function HydratedLater(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}
