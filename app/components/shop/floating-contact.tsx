import { Icon } from "~/components/ui/icon";
import { useState } from "react";
import { chatLink, FAB_GREETING, telLink } from "~/domain/links";

/**
 * product.md §2: the floating contact button toggles open a chat link and a call link. On pages where a shopper must
 * read or press something anywhere on the screen (checkout, payment, tracking: issue 23), it sits at the end of the
 * page instead, so that it never covers an account number or a button.
 */
export function FloatingContact({ phone, atPageEnd = false }: { phone: string; atPageEnd?: boolean }) {
  const [open, setOpen] = useState(false);
  const item =
    "flex items-center gap-3 rounded-full bg-clay-50 px-4 py-3 text-sm font-semibold shadow-lg ring-1 ring-clay-200 hover:bg-clay-100 dark:bg-earth-900 dark:ring-earth-700 dark:hover:bg-earth-800";
  return (
    <div
      className={`flex flex-col items-end gap-3 ${atPageEnd ? "px-4 pb-4" : "fixed right-4 bottom-4 z-40"}`}
      data-placement={atPageEnd ? "page-end" : "floating"}
    >
      {open && (
        <ul id="floating-contact-options" className="flex flex-col items-end gap-2">
          <li>
            <a href={chatLink(phone, FAB_GREETING)} target="_blank" rel="noopener noreferrer" className={item}>
              <Icon name="message-circle" className="size-5" /> Chat with us
            </a>
          </li>
          <li>
            <a href={telLink(phone)} className={item}>
              <Icon name="phone" className="size-5" /> Call us
            </a>
          </li>
        </ul>
      )}
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="floating-contact-options"
        aria-label={open ? "Close contact options" : "Contact us"}
        className="grid size-14 place-items-center rounded-full bg-clay-600 text-white shadow-xl hover:bg-clay-700 dark:bg-ochre-400 dark:text-earth-950"
      >
        {open ? <Icon name="x" className="size-6" /> : <Icon name="message-circle" className="size-6" />}
      </button>
    </div>
  );
}
