import { type DragEvent, useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { UPLOAD_ACCEPT, UPLOAD_FAILED_MESSAGE } from "~/domain/image-list";
import { AdminIcon } from "./icon";

/** Sends one image to /admin/upload, reporting progress (0–1); resolves to the stored image's URL. */
function sendImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: only it reports upload progress.
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/upload");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const url = (request.response as { url?: unknown } | null)?.url;
      if (request.status === 200 && typeof url === "string") resolve(url);
      else reject(new Error(`Upload refused with ${request.status}`));
    };
    request.onerror = () => reject(new Error("Upload failed"));
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}

/**
 * Image upload for the back office: a picker and a drop zone, with progress. Each file is stored by the
 * server as WebP in several widths; `onUploaded` receives the new images' URLs in the order chosen.
 */
export function ImageUpload({
  onUploaded,
  multiple = false,
  label = multiple ? "Upload images" : "Upload image",
}: {
  onUploaded: (urls: string[]) => void;
  multiple?: boolean;
  label?: string;
}) {
  const inputId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function upload(files: File[]) {
    const chosen = multiple ? files : files.slice(0, 1);
    if (chosen.length === 0) return;
    setFailed(false);
    setPercent(0);
    const urls: string[] = [];
    for (const [index, file] of chosen.entries()) {
      try {
        urls.push(await sendImage(file, (fraction) => setPercent(Math.round(((index + fraction) / chosen.length) * 100))));
      } catch {
        setFailed(true);
      }
    }
    setPercent(null);
    if (urls.length > 0) onUploaded(urls);
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-2xl border-2 border-dashed p-4 text-center text-sm ${
        dragging ? "border-clay-600 bg-clay-100 dark:border-ochre-400 dark:bg-earth-800" : "border-clay-300 dark:border-earth-700"
      }`}
    >
      <input
        id={inputId}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        disabled={percent !== null}
        className="peer sr-only"
        onChange={(event) => {
          void upload([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
      <label
        htmlFor={inputId}
        className={buttonClass(
          "secondary",
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-disabled:opacity-60",
        )}
      >
        <AdminIcon name="upload" className="size-4" />
        {label}
      </label>
      <p className="mt-2 text-earth-700 dark:text-clay-200">
        or drop {multiple ? "images" : "an image"} here (JPEG, PNG, WebP, GIF or AVIF, up to 10 MB)
      </p>
      {percent !== null && <progress max={100} value={percent} aria-label="Upload progress" className="mt-3 w-full" />}
      <LiveStatus className="mt-1">{percent !== null ? `Uploading… ${percent}%` : ""}</LiveStatus>
      <ErrorMessage className="mt-2">{failed ? UPLOAD_FAILED_MESSAGE : undefined}</ErrorMessage>
    </div>
  );
}
