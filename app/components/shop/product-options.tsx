/** One of a product's choices (colour or size) as a labelled radio group: arrow keys move between options. */
export function ProductOptions({
  legend,
  name,
  options,
  chosen,
  onChoose,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: string;
  onChoose: (option: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === chosen}
              onChange={() => onChoose(option)}
              // Transparent over its pill, so a tap anywhere on the pill chooses it.
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="inline-flex min-h-11 items-center rounded-full border border-clay-300 px-4 text-sm peer-checked:border-clay-600 peer-checked:bg-clay-600 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ochre-400 dark:border-earth-700 dark:peer-checked:border-ochre-400 dark:peer-checked:bg-ochre-400 dark:peer-checked:text-earth-950">
              {option}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
