import { useFetcher } from "react-router";
import { SwitchButton } from "./switch-button";

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
      <SwitchButton on={visible} label={`Visible: ${name}`} />
    </fetcher.Form>
  );
}
