import { type ReactNode, useEffect, useRef, useState } from "react";
import { IconButton } from "~/components/admin/table";
import { Button } from "~/components/ui/button";
import { ErrorMessage, LiveStatus } from "~/components/ui/status";
import { moveItem } from "~/domain/site-content";
import { AdminIcon } from "./icon";

type ItemAction = "up" | "down" | "remove";
const partner: Record<ItemAction, ItemAction> = { up: "down", down: "up", remove: "remove" };
type Focus = { id: string; action: ItemAction | "first-field" } | "add" | null;

/** A change to a list, made from its latest state. */
export type ListChange<T> = (items: T[]) => T[];
/** A change to one item: the fields to replace, or a function of the item's latest state giving them. */
export type ItemChange<T> = Partial<T> | ((item: T) => Partial<T>);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A list in an editor (slides, payment methods and their fields, FAQs, contact fields, links): each item a
 * group named "{Noun} n" with move up, move down and remove, and an add button below. Focus follows the item
 * that moved, goes to the next item's remove button after a removal, and into a new item's first field.
 */
export function ListEditor<T extends { id: string }>({
  label,
  noun,
  items,
  onChange,
  newItem,
  max,
  error,
  empty,
  children,
}: {
  /** The list's accessible name, e.g. "Hero slides". */
  label: string;
  /** One item, in lower case: "slide" gives "Slide 1", "Move slide 1 up", "Add slide". */
  noun: string;
  items: readonly T[];
  onChange: (change: ListChange<T>) => void;
  newItem: () => T;
  max: number;
  error?: string;
  /** What the list says when it is empty. */
  empty: ReactNode;
  /** An item's fields; `change` merges a change into that item. */
  children: (item: T, change: (changes: ItemChange<T>) => void, index: number) => ReactNode;
}) {
  const [announcement, setAnnouncement] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<Focus>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    const list = root.current;
    if (!target || !list) return;
    if (target === "add") {
      list.querySelector<HTMLElement>(`[data-list-add="${CSS.escape(noun)}"]`)?.focus();
      return;
    }
    if (target.action === "first-field") {
      list.querySelector<HTMLElement>(`[data-list-item="${CSS.escape(target.id)}"] :is(input, textarea, select)`)?.focus();
      return;
    }
    const button = (action: ItemAction) =>
      list.querySelector<HTMLButtonElement>(`[data-list-action="${CSS.escape(`${action} ${target.id}`)}"]`);
    const chosen = button(target.action);
    (chosen?.disabled ? button(partner[target.action]) : chosen)?.focus();
  }, [items, noun]);

  // Changes find their item by id in the list's latest state, which an upload finishing late may have changed.
  const Noun = capitalised(noun);
  const move = (index: number, direction: "up" | "down") => {
    const { id } = items[index]!;
    const step = direction === "up" ? -1 : 1;
    focusNext.current = { id, action: direction };
    setAnnouncement(`${Noun} moved to position ${index + step + 1} of ${items.length}.`);
    onChange((latest) => {
      const from = latest.findIndex((each) => each.id === id);
      return moveItem(latest, from, from + step);
    });
  };
  const remove = (index: number) => {
    const { id } = items[index]!;
    const rest = items.filter((each) => each.id !== id);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    focusNext.current = neighbour ? { id: neighbour.id, action: "remove" } : "add";
    setAnnouncement(`${Noun} removed.`);
    onChange((latest) => latest.filter((each) => each.id !== id));
  };
  const add = () => {
    const item = newItem();
    focusNext.current = { id: item.id, action: "first-field" };
    setAnnouncement(`${Noun} ${items.length + 1} added.`);
    onChange((latest) => [...latest, item]);
  };
  const changeItem = (id: string, changes: ItemChange<T>) =>
    onChange((latest) =>
      latest.map((each) => (each.id === id ? { ...each, ...(typeof changes === "function" ? changes(each) : changes) } : each)),
    );

  return (
    <div ref={root} className="space-y-3">
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-clay-300 p-6 text-center text-sm dark:border-earth-700">{empty}</p>
      ) : (
        <ol aria-label={label} className="space-y-3">
          {items.map((item, index) => (
            <li key={item.id} data-list-item={item.id}>
              <fieldset className="rounded-2xl border border-clay-200 p-4 dark:border-earth-800">
                <legend className="px-1 text-sm font-semibold">
                  {Noun} {index + 1}
                </legend>
                <div className="-mt-2 mb-2 flex justify-end gap-1">
                  <IconButton
                    label={`Move ${noun} ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, "up")}
                    data-list-action={`up ${item.id}`}
                  >
                    <AdminIcon name="arrow-up" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Move ${noun} ${index + 1} down`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, "down")}
                    data-list-action={`down ${item.id}`}
                  >
                    <AdminIcon name="arrow-down" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Remove ${noun} ${index + 1}`}
                    tone="danger"
                    onClick={() => remove(index)}
                    data-list-action={`remove ${item.id}`}
                  >
                    <AdminIcon name="trash" className="size-4" />
                  </IconButton>
                </div>
                <div className="space-y-4">{children(item, (changes) => changeItem(item.id, changes), index)}</div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <LiveStatus className="sr-only">{announcement}</LiveStatus>
      <Button variant="secondary" onClick={add} disabled={items.length >= max} data-list-add={noun}>
        <AdminIcon name="plus" className="size-4" /> Add {noun}
      </Button>
    </div>
  );
}
