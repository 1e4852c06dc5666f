import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { PHONE_MAX_LENGTH } from "~/domain/phone";

const control =
  "mt-1 block w-full rounded-lg border border-clay-300 bg-white px-3 py-2.5 text-base text-earth-900 placeholder:text-earth-700/60 aria-[invalid=true]:border-red-700 dark:border-earth-700 dark:bg-earth-900 dark:text-clay-100 dark:placeholder:text-clay-200/50 dark:aria-[invalid=true]:border-red-400";

type FieldFrame = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

/** A labelled control with its hint and error, wired for screen readers (the one field pattern). */
function Frame({
  label,
  error,
  hint,
  className,
  children,
}: FieldFrame & { children: (ids: { id: string; describedBy: string | undefined }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-earth-700 dark:text-clay-200">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={control} {...input} />
      )}
    </Frame>
  );
}

/** The hint staff see under a phone field; the checkout words it for the shopper. */
const STAFF_PHONE_HINT = "With the country code, e.g. +254712345678";

/**
 * The one phone field (checkout, riders, a client's details): "Phone", a phone keyboard, and no longer than the
 * server accepts (product.md §5). Its value posts as `phone`.
 */
export function PhoneField({ hint = STAFF_PHONE_HINT, ...input }: Omit<FieldFrame, "label"> & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      label="Phone"
      name="phone"
      type="tel"
      inputMode="tel"
      maxLength={PHONE_MAX_LENGTH}
      placeholder="+254712345678"
      hint={hint}
      {...input}
    />
  );
}

export function TextArea({ label, error, hint, className, ...input }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={control} {...input} />
      )}
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={control} {...select}>
          {children}
        </select>
      )}
    </Frame>
  );
}
