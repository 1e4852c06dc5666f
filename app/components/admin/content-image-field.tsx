import { ImageUpload } from "~/components/admin/image-upload";
import { TextField } from "~/components/ui/field";
import { Picture } from "~/components/ui/image";

/**
 * An image in the site's content (a hero slide, Our Story): its web address, typed or pasted, or an upload,
 * which fills the address in; with a small preview of what shoppers will see.
 */
export function ContentImageField({
  label,
  uploadLabel,
  value,
  onChange,
  error,
}: {
  label: string;
  uploadLabel: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="space-y-3">
        <TextField
          label={label}
          type="url"
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          hint="A web address (https://…), or upload an image below. Images on Google Drive must be shared as ‘Anyone with the link’."
        />
        <ImageUpload label={uploadLabel} onUploaded={([url]) => url && onChange(url)} />
      </div>
      {value.trim() !== "" && (
        <Picture
          url={value}
          alt=""
          width={160}
          height={120}
          sizes="160px"
          className="aspect-[4/3] w-40 rounded-xl border border-clay-200 object-cover dark:border-earth-800"
        />
      )}
    </div>
  );
}
