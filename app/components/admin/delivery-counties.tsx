import { COUNTY_FIELD_PREFIX, KENYA_COUNTIES, type KenyaCounty } from "~/domain/kenya-counties";

/**
 * A zone's counties to tick (issue 23), folded away until wanted: 47 boxes would bury the rest of the form. Opened
 * at once when the zone already covers a county.
 */
export function CountiesPicker({ ticked }: { ticked: readonly KenyaCounty[] }) {
  return (
    <details open={ticked.length > 0} className="rounded-lg border border-clay-300 dark:border-earth-700">
      <summary className="cursor-pointer px-4 py-2 text-sm font-semibold">Counties</summary>
      <fieldset className="px-4 pb-3">
        <legend className="sr-only">Counties this zone covers</legend>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {KENYA_COUNTIES.map((county) => (
            <li key={county}>
              <label className="flex items-center gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  name={`${COUNTY_FIELD_PREFIX}${county}`}
                  defaultChecked={ticked.includes(county)}
                  className="size-4"
                />
                {county}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
