import { Icon } from "~/components/ui/icon";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import type { ShopNotification } from "~/domain/site-documents.schema";

const NOTIFICATION_DISMISSED_KEY = "duka-notification-dismissed";
/** product.md §9: the popup appears 2000 ms after load. */
const NOTIFICATION_DELAY_MS = 2_000;

const dismissalKey = (n: ShopNotification) => JSON.stringify([n.title, n.message]);

function wasDismissed(notification: ShopNotification) {
  try {
    return sessionStorage.getItem(NOTIFICATION_DISMISSED_KEY) === dismissalKey(notification);
  } catch {
    return false;
  }
}

/**
 * The shop's announcement (product.md §2, §4): 2 s after load when active and not dismissed in this browser
 * session; a modal in the centre, or a popup/toast in the bottom-right corner.
 */
export function NotificationPopup({ notification }: { notification: ShopNotification }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (!notification.isActive || wasDismissed(notification)) return;
    const timer = setTimeout(() => setOpen(true), NOTIFICATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notification]);

  const dismiss = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(NOTIFICATION_DISMISSED_KEY, dismissalKey(notification));
    } catch {
      // Storage blocked: it may show again on the next page.
    }
  };
  const body = (
    <>
      <p className="text-sm">{notification.message}</p>
      {notification.link && (
        <Link to={notification.link} onClick={dismiss} className="mt-3 inline-block text-sm font-semibold underline">
          {notification.linkLabel || "Learn more"}
        </Link>
      )}
    </>
  );

  if (notification.displayType === "modal") {
    return (
      <Dialog open={open} onClose={dismiss} title={notification.title}>
        {body}
      </Dialog>
    );
  }
  if (!open) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="fixed right-4 bottom-24 z-40 w-[min(100%-2rem,22rem)] rounded-2xl border border-clay-200 bg-clay-50 p-5 shadow-2xl dark:border-earth-700 dark:bg-earth-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-display text-lg font-semibold">
          {notification.title}
        </h2>
        <button type="button" onClick={dismiss} aria-label="Dismiss" className="-m-2 rounded-full p-2 hover:bg-clay-100 dark:hover:bg-earth-800">
          <Icon name="x" className="size-5" />
        </button>
      </div>
      <div className="mt-2">{body}</div>
    </section>
  );
}
