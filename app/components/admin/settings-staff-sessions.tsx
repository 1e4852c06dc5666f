import { useId } from "react";
import { TextField } from "~/components/ui/field";
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from "~/domain/staff-session";

/**
 * Site Settings: how staff sessions end and whether Developers must use two-step sign-in (decision 045). An
 * emptied minutes field stays empty (NaN, refused on save with a message) rather than becoming a number nobody typed.
 */
export function StaffSessionsEditor({
  idleMinutes,
  twoStepRequired,
  onChange,
  error,
}: {
  idleMinutes: number;
  twoStepRequired: boolean;
  onChange: (changes: { staffIdleMinutes?: number; requireTwoStepForDevelopers?: boolean }) => void;
  error: string | undefined;
}) {
  const hintId = useId();
  return (
    <div className="space-y-5">
      <TextField
        label="Sign staff out after idle (minutes)"
        type="number"
        inputMode="numeric"
        min={MIN_IDLE_MINUTES}
        max={MAX_IDLE_MINUTES}
        step={1}
        required
        value={Number.isNaN(idleMinutes) ? "" : idleMinutes}
        onChange={(event) => onChange({ staffIdleMinutes: event.target.valueAsNumber })}
        error={error}
        hint={`A staff member who opens no page for this long must sign in again; ${MIN_IDLE_MINUTES} to ${MAX_IDLE_MINUTES}. Every session also ends 12 hours after signing in.`}
      />
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          checked={twoStepRequired}
          onChange={(event) => onChange({ requireTwoStepForDevelopers: event.target.checked })}
          aria-describedby={hintId}
          className="size-5"
        />
        Require two-step sign-in for Developers
      </label>
      <p id={hintId} className="-mt-3 text-sm text-earth-700 dark:text-clay-200">
        A Developer without it is sent to set it up (under Your account) before opening any other admin page.
      </p>
    </div>
  );
}
