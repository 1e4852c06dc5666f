import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextArea } from "~/components/ui/field";
import { ErrorMessage } from "~/components/ui/status";
import { ASPECT_RATIOS, IMAGE_COUNT_MAX, IMAGE_COUNT_MIN, IMAGE_GENERATOR_DISABLED_MESSAGE, PROMPT_MAX_CHARS } from "~/domain/site-content";
import { imagePromptSchema } from "~/domain/site-content.schema";
import { requireAdminAction, requireAdminPage } from "~/server/admin-guard.server";
import { fieldErrors } from "~/domain/form-errors";
import { formFields } from "~/server/form.server";
import type { Route } from "./+types/image-generator";

const IMAGE_COUNTS = Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => IMAGE_COUNT_MIN + i);
const RATIO_NAMES: Record<(typeof ASPECT_RATIOS)[number], string> = {
  "1:1": "1:1 (square)",
  "16:9": "16:9 (wide)",
  "9:16": "9:16 (tall, for stories)",
  "4:3": "4:3 (landscape)",
  "3:4": "3:4 (portrait)",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

/** The prompt is checked like any form; generation itself is switched off (product.md §2, §8). */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = formFields(await request.formData());
  const parsed = imagePromptSchema.safeParse(fields);
  // What was typed comes back, so a page sent without JavaScript shows it again.
  const values = { prompt: fields.prompt ?? "", count: fields.count ?? "1", aspectRatio: fields.aspectRatio ?? "1:1" };
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  return { values, errors: {} as Record<string, string>, message: IMAGE_GENERATOR_DISABLED_MESSAGE };
}

export default function ImageGenerator({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <Form method="post" noValidate className="max-w-2xl space-y-6">
      <p className="text-sm text-earth-700 dark:text-clay-200">
        Describe a picture for a product, a hero slide or a post, and choose how many to make and their shape.
      </p>
      <TextArea
        label="Prompt"
        name="prompt"
        rows={5}
        required
        maxLength={PROMPT_MAX_CHARS}
        defaultValue={actionData?.values.prompt}
        error={errors.prompt}
        placeholder="A model in a terracotta ankara wrap dress on a Nairobi rooftop at golden hour"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Number of images" name="count" defaultValue={actionData?.values.count ?? "1"} error={errors.count}>
          {IMAGE_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Aspect ratio"
          name="aspectRatio"
          defaultValue={actionData?.values.aspectRatio ?? "1:1"}
          error={errors.aspectRatio}
        >
          {ASPECT_RATIOS.map((ratio) => (
            <option key={ratio} value={ratio}>
              {RATIO_NAMES[ratio]}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorMessage>{actionData?.message}</ErrorMessage>
      <Button type="submit" disabled={busy}>
        {busy ? "Generating..." : "Generate Images"}
      </Button>
    </Form>
  );
}
