import { TextField } from "~/components/ui/field";
import { fieldKey } from "~/domain/site-content";
import type { Settings } from "~/domain/site-documents.schema";

type FloatingButton = Settings["fab"];

const icons: { field: Exclude<keyof FloatingButton, "enabled">; label: string }[] = [
  { field: "iconUrl", label: "Button icon URL" },
  { field: "whatsappIconUrl", label: "Chat icon URL" },
  { field: "callIconUrl", label: "Call icon URL" },
];

/** Site Settings: the storefront's floating contact button (product.md §2, §3). */
export function FloatingButtonEditor({
  fab,
  onChange,
  error,
}: {
  fab: FloatingButton;
  onChange: (changes: Partial<FloatingButton>) => void;
  error: (field: string) => string | undefined;
}) {
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input type="checkbox" checked={fab.enabled} onChange={(event) => onChange({ enabled: event.target.checked })} className="size-5" />
        Show the floating contact button
      </label>
      {icons.map(({ field, label }) => (
        <TextField
          key={field}
          label={label}
          type="url"
          inputMode="url"
          value={fab[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
          error={error(fieldKey("fab", field))}
          hint="Optional: a web address of a square image."
        />
      ))}
    </div>
  );
}
