import { useFetcher } from "react-router";

/**
 * The products list's visibility switch: it saves at once and shows the new state while saving. A real form
 * underneath, so it works before JavaScript has loaded too.
 */
export function ProductVisibilitySwitch({ id, name, isVisible }: { id: string; name: string; isVisible: boolean }) {
  const fetcher = useFetcher();
  const sent = fetcher.formData?.get("isVisible");
  const visible = typeof sent === "string" ? sent === "true" : isVisible;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="visibility" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="isVisible" value={String(!visible)} />
      <button
        type="submit"
        role="switch"
        aria-checked={visible}
        aria-label={`Visible: ${name}`}
        className="group inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-earth-700/40 transition-colors aria-checked:bg-green-700 dark:bg-clay-200/30 dark:aria-checked:bg-green-500"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5"
        />
      </button>
    </fetcher.Form>
  );
}
