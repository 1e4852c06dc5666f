import type { MouseEvent } from "react";

/**
 * The back office's on/off switch: a submit button of a real form (so it works before JavaScript has loaded), with
 * the role and state a screen reader announces, drawn as a sliding knob. One look for every list that switches rows.
 */
export function SwitchButton({ on, label, onClick }: { on: boolean; label: string; onClick?: (event: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={on}
      aria-label={label}
      onClick={onClick}
      className="group inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-earth-700/40 transition-colors aria-checked:bg-green-700 dark:bg-clay-200/30 dark:aria-checked:bg-green-500"
    >
      <span aria-hidden="true" className="size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5" />
    </button>
  );
}
