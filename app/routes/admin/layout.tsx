import { useState } from "react";
import { Form, Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { AdminSearch } from "~/components/admin/admin-search";
import { useLiveTopics } from "~/components/live-sync";
import { Dialog } from "~/components/ui/dialog";
import { adminTitleFor, pagesForRole } from "~/domain/admin-pages";
import { ROLE_LABELS } from "~/domain/staff";
import { requireAdminPage } from "~/server/admin-guard.server";
import type { Route } from "./+types/layout";
import { AdminIcon } from "~/components/admin/icon";

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/** Every admin page passes this guard first (product.md §6); each action checks again on its own. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireAdminPage(request);
  return { staff: { email: staff.email, role: staff.role } };
}

export function useStaff() {
  return useRouteLoaderData<typeof loader>("routes/admin/layout")!.staff;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const pages = pagesForRole(staff.role);
  const title = adminTitleFor(pathname);
  useLiveTopics(["orders", "products", "categories", "riders", "settings", "content", "delivery", "promotions"]);

  const sidebar = (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link to="/admin/dashboard" className="px-3 font-display text-2xl font-semibold">
        Duka Admin
      </Link>
      <AdminNav pages={pages} onNavigate={() => setMenuOpen(false)} />
      <div className="mt-auto space-y-3 border-t border-clay-200 pt-4 text-sm dark:border-earth-800">
        <p className="px-3">
          <span className="block text-xs text-earth-700 dark:text-clay-200">Signed in as</span>
          <span className="font-semibold">{ROLE_LABELS[staff.role]}</span>
          <span className="block truncate text-xs">{staff.email}</span>
        </p>
        <NavLink
          to="/admin/account"
          onClick={() => setMenuOpen(false)}
          className={({ isActive }) =>
            `flex items-center gap-2 rounded-lg px-3 py-2 font-semibold ${
              isActive ? "bg-clay-600 text-white dark:bg-ochre-400 dark:text-earth-950" : "hover:bg-clay-100 dark:hover:bg-earth-800"
            }`
          }
        >
          <AdminIcon name="contact" className="size-4" /> Your account
        </NavLink>
        <Link to="/" className="flex items-center gap-2 rounded-lg px-3 py-2 font-semibold hover:bg-clay-100 dark:hover:bg-earth-800">
          <AdminIcon name="store" className="size-4" /> Back to Store
        </Link>
      </div>
    </div>
  );

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <title>{`${title} | Duka Admin`}</title>
      <aside className="hidden border-r border-clay-200 lg:block dark:border-earth-800">{sidebar}</aside>
      {/* The slide-out on phones is the one dialog: focus moves in and stays, Escape closes it. */}
      <Dialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Menu"
        className="my-0 ml-0 h-dvh max-h-none rounded-l-none transition-transform duration-300 starting:open:-translate-x-full"
      >
        {sidebar}
      </Dialog>
      <div className="min-w-0">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-clay-200 bg-clay-50/95 px-4 backdrop-blur dark:border-earth-800 dark:bg-earth-950/95">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
            aria-haspopup="dialog"
            className="rounded-full p-2 hover:bg-clay-100 lg:hidden dark:hover:bg-earth-800"
          >
            <AdminIcon name="menu" className="size-5" />
          </button>
          <h1 className="min-w-0 truncate font-display text-xl font-semibold">{title}</h1>
          <div className="ml-auto">
            <AdminSearch />
          </div>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold hover:bg-clay-100 dark:hover:bg-earth-800"
            >
              <AdminIcon name="log-out" className="size-4" /> <span className="sr-only sm:not-sr-only">Logout</span>
            </button>
          </Form>
        </header>
        <main id="main" className="p-4 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
