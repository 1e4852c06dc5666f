/**
 * One of a product's choices (colour or size) as a labelled radio group: arrow keys move between options. An option
 * `soldOut` names says so to screen readers ("M, sold out") and is struck through; it can still be chosen, and the
 * Add to Bag button then says "Out of stock".
 */
export function ProductOptions({
  legend,
  name,
  options,
  chosen,
  onChoose,
  soldOut = () => false,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: string;
  onChoose: (option: string) => void;
  soldOut?: (option: string) => boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const gone = soldOut(option);
          return (
            <label key={option} className="relative">
              <input
                type="radio"
                name={name}
                value={option}
                checked={option === chosen}
                onChange={() => onChoose(option)}
                aria-label={gone ? `${option}, sold out` : undefined}
                // Transparent over its pill, so a tap anywhere on the pill chooses it.
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span
                className={`inline-flex min-h-11 items-center rounded-full border border-clay-300 px-4 text-sm peer-checked:border-clay-600 peer-checked:bg-clay-600 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ochre-400 dark:border-earth-700 dark:peer-checked:border-ochre-400 dark:peer-checked:bg-ochre-400 dark:peer-checked:text-earth-950 ${gone ? "border-dashed line-through decoration-2" : ""}`}
              >
                {option}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
