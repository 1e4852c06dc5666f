import { NavLink } from "react-router";
import { ADMIN_GROUP_LABELS, type AdminPage, type AdminPageGroup } from "~/domain/admin-pages";
import { AdminIcon } from "./icon";

const GROUPS: AdminPageGroup[] = ["main", "content", "configuration"];

/** The sidebar's links, grouped; a staff member sees only the pages their role may open (product.md §2, §6). */
export function AdminNav({ pages, onNavigate }: { pages: readonly AdminPage[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      {GROUPS.map((group) => {
        const inGroup = pages.filter((page) => page.group === group);
        if (inGroup.length === 0) return null;
        return (
          <div key={group} className="mt-6 first:mt-0">
            {group !== "main" && (
              <h2 className="px-3 text-xs font-semibold tracking-wide text-earth-700 uppercase dark:text-clay-200">
                {ADMIN_GROUP_LABELS[group]}
              </h2>
            )}
            <ul className="mt-2 space-y-1">
              {inGroup.map((page) => {
                return (
                  <li key={page.path}>
                    <NavLink
                      to={page.path}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold ${
                          isActive ? "bg-clay-600 text-white dark:bg-ochre-400 dark:text-earth-950" : "hover:bg-clay-100 dark:hover:bg-earth-800"
                        }`
                      }
                    >
                      <AdminIcon name={page.icon} />
                      {page.title}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
