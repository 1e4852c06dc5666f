import { UPLOAD_FAILED_MESSAGE } from "~/domain/image-list";
import { requireAdminAction } from "~/server/admin-guard.server";
import { ImageRejectedError, MAX_UPLOAD_BYTES, saveImage } from "~/server/uploads.server";
import type { Route } from "./+types/admin-upload";

const refuse = (status: number, reason: string) => Response.json({ error: UPLOAD_FAILED_MESSAGE, reason }, { status });

/**
 * POST /admin/upload (multipart, one file in "image") → { url } of the stored WebP, for any staff member.
 * A body larger than an image may be is refused before it is read.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  if (request.method !== "POST") return refuse(405, "Send the image with POST.");
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return refuse(413, "The image is larger than 10 MB.");
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("image");
  } catch {
    return refuse(400, "The upload was not a form with an image.");
  }
  if (!(file instanceof File) || file.size === 0) return refuse(400, "Choose an image to upload.");
  try {
    return Response.json({
      url: await saveImage(Buffer.from(await file.arrayBuffer())),
    });
  } catch (error) {
    if (error instanceof ImageRejectedError) return refuse(415, error.message);
    throw error;
  }
}
