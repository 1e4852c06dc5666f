import { useId, useRef, useState } from "react";
import { TextField } from "~/components/ui/field";
import { SEARCH_MIN_CHARS } from "~/domain/catalogue";

/**
 * The shop's search box: a plain text input in the filter form, enhanced into an ARIA 1.2 combobox that
 * suggests up to 5 searches from 2 characters (product.md §2, §9). Arrow keys move, Enter picks (fills the box
 * and searches), Escape closes the list.
 */
export function ShopSearch({
  value,
  onValueChange,
  onPick,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onPick: (value: string) => void;
}) {
  const listId = useId();
  const [typing, setTyping] = useState(false);
  const [options, setOptions] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const pending = useRef<AbortController>(undefined);
  const query = value.trim();
  const expanded = typing && query.length >= SEARCH_MIN_CHARS && options.length > 0;

  const suggest = (text: string) => {
    pending.current?.abort();
    const q = text.trim();
    if (q.length < SEARCH_MIN_CHARS) return;
    // A newer keystroke cancels the older question, so a slow answer never replaces a newer one.
    const controller = (pending.current = new AbortController());
    fetch(`/shop/suggestions?q=${encodeURIComponent(q)}`, { signal: controller.signal })
      .then((response) => response.json())
      .then((found: string[]) => {
        setOptions(found);
        setActive(-1);
      })
      // Aborted, or offline: the box still searches without suggestions.
      .catch(() => {});
  };

  const pick = (option: string) => {
    setTyping(false);
    onValueChange(option);
    onPick(option);
  };

  return (
    <div className="relative">
      <TextField
        label="Search"
        type="search"
        name="q"
        value={value}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setTyping(true);
          setActive(-1);
          onValueChange(event.target.value);
          suggest(event.target.value);
        }}
        onBlur={() => setTyping(false)}
        onKeyDown={(event) => {
          const count = options.length;
          if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0 && query.length >= SEARCH_MIN_CHARS) {
            event.preventDefault();
            setTyping(true);
            const down = event.key === "ArrowDown";
            setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
          } else if (event.key === "Enter" && expanded && active >= 0) {
            event.preventDefault();
            pick(options[active]!);
          } else if (event.key === "Escape" && expanded) {
            // Close the list only, not the drawer around it.
            event.preventDefault();
            event.stopPropagation();
            setTyping(false);
            setActive(-1);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-clay-300 bg-white py-1 shadow-xl dark:border-earth-700 dark:bg-earth-900"
      >
        {options.map((option, index) => (
          <li
            key={option}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            className="cursor-pointer px-3 py-2.5 text-sm aria-selected:bg-clay-100 dark:aria-selected:bg-earth-800"
          >
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}
