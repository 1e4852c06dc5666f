import { lazy, Suspense } from "react";
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { FloatingContact } from "~/components/shop/floating-contact";
import { Footer as FooterNow } from "~/components/shop/footer";
import { Header } from "~/components/shop/header";
import { hydrateLater } from "~/components/shop/hydrate-later";
import { shopCategories } from "~/server/catalogue.server";
import { shopOrigin } from "~/server/config.server";
import { currentStaff } from "~/server/session.server";
import { readSiteDocument } from "~/server/site-documents.server";
import type { Route } from "./+types/layout";

// Below the fold on every page: its links and newsletter form work as plain HTML until it hydrates.
const Footer = hydrateLater(FooterNow);

// Most visits have no active notification, and an active one waits 2 s: its code is not part of first load.
const NotificationPopup = lazy(() =>
  import("~/components/shop/notification-popup").then((module) => ({ default: module.NotificationPopup })),
);

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, contactInfo, notification, categories, staff] = await Promise.all([
    readSiteDocument("settings"),
    readSiteDocument("contactInfo"),
    readSiteDocument("notification"),
    shopCategories(),
    currentStaff(request),
  ]);
  const phone = contactInfo.contactFields.find((field) => field.icon === "Phone")?.value ?? "";
  return {
    origin: shopOrigin(request),
    storeName: settings.storeName,
    categories,
    contactInfo,
    notification,
    floatingButton: settings.fab.enabled && phone ? { phone } : null,
    signedIn: Boolean(staff),
  };
}

/** The shop layout's data, for pages' meta functions and components (origin, store name, categories…). */
export function useShopLayout() {
  return useRouteLoaderData<typeof loader>("routes/shop/layout")!;
}

/** A page whose every part a shopper must read or press (checkout, payment, tracking) says so in its handle. */
export type ShopPageHandle = { contactButtonAtPageEnd?: boolean };

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const contactButtonAtPageEnd = useMatches().some(
    (match) => (match.handle as ShopPageHandle | undefined)?.contactButtonAtPageEnd,
  );
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-clay-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header storeName={loaderData.storeName} signedIn={loaderData.signedIn} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      {loaderData.floatingButton && contactButtonAtPageEnd && <FloatingContact phone={loaderData.floatingButton.phone} atPageEnd />}
      <Footer storeName={loaderData.storeName} categories={loaderData.categories} socialLinks={loaderData.contactInfo.socialLinks} />
      {loaderData.floatingButton && !contactButtonAtPageEnd && <FloatingContact phone={loaderData.floatingButton.phone} />}
      {loaderData.notification.isActive && (
        <Suspense fallback={null}>
          <NotificationPopup notification={loaderData.notification} />
        </Suspense>
      )}
    </>
  );
}
