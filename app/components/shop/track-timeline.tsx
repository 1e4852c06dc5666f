import { Icon } from "~/components/ui/icon";
import type { TimelineStep } from "~/domain/order-status";

/** product.md §2: the four steps, those up to and including the current one done; each step's state is also said in words. */
export function TrackTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-4">
      {steps.map((step) => (
        <li key={step.label} aria-current={step.current ? "step" : undefined} className="flex items-center gap-3 sm:flex-col sm:text-center">
          <span
            aria-hidden="true"
            className={`grid size-10 shrink-0 place-items-center rounded-full border-2 ${
              step.done
                ? "border-clay-600 bg-clay-600 text-white dark:border-ochre-400 dark:bg-ochre-400 dark:text-earth-950"
                : "border-clay-300 dark:border-earth-700"
            } ${step.current ? "ring-4 ring-clay-300 dark:ring-ochre-400/40" : ""}`}
          >
            {step.done && <Icon name="check" className="size-5" />}
          </span>
          <span className={`text-sm ${step.current ? "font-semibold" : ""}`}>
            {step.label}
            <span className="sr-only">{step.current ? " (current step, done)" : step.done ? " (done)" : " (not yet)"}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
