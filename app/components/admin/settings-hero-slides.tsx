import { ContentImageField } from "~/components/admin/content-image-field";
import { type ListChange, ListEditor } from "~/components/admin/list-editor";
import { TextArea, TextField } from "~/components/ui/field";
import { fieldKey, LIST_LIMITS } from "~/domain/site-content";
import type { HeroSlide } from "~/domain/site-documents.schema";

/** Site Settings: the home page's hero slides, in the order they turn (product.md §2, §3). */
export function HeroSlidesEditor({
  slides,
  onChange,
  newDraftId,
  error,
}: {
  slides: HeroSlide[];
  onChange: (change: ListChange<HeroSlide>) => void;
  newDraftId: () => string;
  error: (field: string) => string | undefined;
}) {
  return (
    <ListEditor
      label="Hero slides"
      noun="slide"
      items={slides}
      onChange={onChange}
      newItem={() => ({ id: newDraftId(), src: "", alt: "", title: "", subtitle: "", link: "/products" })}
      max={LIST_LIMITS.heroSlides}
      error={error("heroSlides")}
      empty="No slides yet: the home page says ‘Hero section content not configured.’"
    >
      {(slide, change, index) => {
        const slideError = (field: keyof HeroSlide) => error(fieldKey("heroSlides", slide.id, field));
        return (
          <>
            <ContentImageField
              label="Image"
              uploadLabel={`Upload image for slide ${index + 1}`}
              value={slide.src}
              onChange={(src) => change({ src })}
              error={slideError("src")}
            />
            <TextField
              label="Alt text"
              required
              value={slide.alt}
              onChange={(event) => change({ alt: event.target.value })}
              error={slideError("alt")}
              hint="Required. What the picture shows, for people who cannot see it."
            />
            <TextField
              label="Title"
              value={slide.title}
              onChange={(event) => change({ title: event.target.value })}
              error={slideError("title")}
            />
            <TextArea
              label="Subtitle"
              rows={2}
              value={slide.subtitle}
              onChange={(event) => change({ subtitle: event.target.value })}
              error={slideError("subtitle")}
            />
            <TextField
              label="Link"
              type="url"
              inputMode="url"
              value={slide.link}
              onChange={(event) => change({ link: event.target.value })}
              error={slideError("link")}
              hint="Where Shop Now goes: a page of the shop such as /products?q=kitenge, or a web address."
            />
          </>
        );
      }}
    </ListEditor>
  );
}
