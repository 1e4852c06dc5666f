import { useEffect, useRef, useState } from "react";
import { ImageUpload } from "~/components/admin/image-upload";
import { IconButton } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { TextArea } from "~/components/ui/field";
import { Thumbnail } from "~/components/ui/image";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { INVALID_URLS_MESSAGE, parseImageUrlList } from "~/domain/image-list";
import { addImages, moveImage } from "~/domain/product";
import { AdminIcon } from "./icon";

type ImageAction = "up" | "down" | "remove";
const partner: Record<ImageAction, ImageAction> = { up: "down", down: "up", remove: "remove" };

/**
 * The product form's images: the current list (thumbnails, move up and down, remove), a paste box for URLs
 * (one per line) and uploads. The list is posted in order as `images`; anything left in the paste box is
 * posted as `imageUrls` and saved after the list, so nothing pasted is lost.
 */
export function ProductImages({
  images,
  onChange,
  skippedOnSave,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  /** The last save skipped invalid URLs. */
  skippedOnSave: boolean;
}) {
  const [pasted, setPasted] = useState("");
  const [skipped, setSkipped] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // Moving or removing an image re-renders the list; focus then follows the image (or the paste box when the
  // list is empty), moving to the partner button when the one used is now disabled at the end of the list.
  const focusNext = useRef<{ url: string; action: ImageAction } | "paste-box" | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    const list = fieldset.current;
    if (!target || !list) return;
    if (target === "paste-box") {
      list.querySelector<HTMLElement>('textarea[name="imageUrls"]')?.focus();
      return;
    }
    const button = (action: ImageAction) =>
      list.querySelector<HTMLButtonElement>(`[data-image-action="${CSS.escape(`${action} ${target.url}`)}"]`);
    const chosen = button(target.action);
    (chosen?.disabled ? button(partner[target.action]) : chosen)?.focus();
  }, [images]);

  const add = (urls: string[]) => {
    const next = addImages(images, urls);
    setAnnouncement(`${next.length - images.length} image${next.length - images.length === 1 ? "" : "s"} added.`);
    onChange(next);
  };

  const addPasted = () => {
    const { urls, skipped: invalid } = parseImageUrlList(pasted);
    setSkipped(invalid > 0);
    setPasted("");
    add(urls);
  };

  const move = (index: number, direction: "up" | "down") => {
    const to = direction === "up" ? index - 1 : index + 1;
    focusNext.current = { url: images[index]!, action: direction };
    setAnnouncement(`Image moved to position ${to + 1} of ${images.length}.`);
    onChange(moveImage(images, index, to));
  };

  const remove = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? { url: neighbour, action: "remove" } : "paste-box";
    setAnnouncement("Image removed.");
    onChange(next);
  };

  return (
    <fieldset ref={fieldset} className="min-w-0 space-y-4">
      <legend className="text-sm font-semibold">Images</legend>
      <p className="text-sm text-earth-700 dark:text-clay-200">
        At least one image. The first is the one shoppers see first. Images hosted on Google Drive must be shared as &lsquo;Anyone with the
        link&rsquo;.
      </p>
      <input type="hidden" name="images" value={images.join("\n")} />
      {images.length > 0 && (
        <ol aria-label="Product images" className="space-y-2">
          {images.map((url, index) => (
            <li key={url} className="flex items-center gap-3 rounded-xl border border-clay-200 p-2 dark:border-earth-800">
              <Thumbnail url={url} width={56} height={56} className="size-14" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">{index === 0 ? "Image 1 (main)" : `Image ${index + 1}`}</p>
                <p className="truncate text-earth-700 dark:text-clay-200" title={url}>
                  {url}
                </p>
              </div>
              <IconButton
                label={`Move image ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, "up")}
                data-image-action={`up ${url}`}
              >
                <AdminIcon name="arrow-up" className="size-4" />
              </IconButton>
              <IconButton
                label={`Move image ${index + 1} down`}
                disabled={index === images.length - 1}
                onClick={() => move(index, "down")}
                data-image-action={`down ${url}`}
              >
                <AdminIcon name="arrow-down" className="size-4" />
              </IconButton>
              <IconButton
                label={`Remove image ${index + 1}`}
                tone="danger"
                onClick={() => remove(index)}
                data-image-action={`remove ${url}`}
              >
                <AdminIcon name="trash" className="size-4" />
              </IconButton>
            </li>
          ))}
        </ol>
      )}
      <LiveStatus className="sr-only">{announcement}</LiveStatus>
      <div className="space-y-2">
        <TextArea
          label="Image URLs"
          hint="Paste one URL per line."
          name="imageUrls"
          rows={3}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
        <Button variant="secondary" onClick={addPasted} disabled={pasted.trim() === ""}>
          Add URLs
        </Button>
        <ErrorMessage>{skipped || skippedOnSave ? INVALID_URLS_MESSAGE : undefined}</ErrorMessage>
      </div>
      <ImageUpload multiple onUploaded={add} />
    </fieldset>
  );
}
