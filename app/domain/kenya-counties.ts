import { tickedBoxes } from "./posted-text";

// A delivery zone's areas (issue 23): staff tick Kenya's counties or write places of their own ("CBD, Upper Hill").
// Both are kept as one text, the counties first, so a zone saved either way reads the same at checkout.

/** Kenya's 47 counties (Constitution of Kenya 2010, First Schedule), in alphabetical order. */
export const KENYA_COUNTIES = [
  "Baringo",
  "Bomet",
  "Bungoma",
  "Busia",
  "Elgeyo-Marakwet",
  "Embu",
  "Garissa",
  "Homa Bay",
  "Isiolo",
  "Kajiado",
  "Kakamega",
  "Kericho",
  "Kiambu",
  "Kilifi",
  "Kirinyaga",
  "Kisii",
  "Kisumu",
  "Kitui",
  "Kwale",
  "Laikipia",
  "Lamu",
  "Machakos",
  "Makueni",
  "Mandera",
  "Marsabit",
  "Meru",
  "Migori",
  "Mombasa",
  "Murang'a",
  "Nairobi",
  "Nakuru",
  "Nandi",
  "Narok",
  "Nyamira",
  "Nyandarua",
  "Nyeri",
  "Samburu",
  "Siaya",
  "Taita-Taveta",
  "Tana River",
  "Tharaka-Nithi",
  "Trans-Nzoia",
  "Turkana",
  "Uasin Gishu",
  "Vihiga",
  "Wajir",
  "West Pokot",
] as const;

export type KenyaCounty = (typeof KENYA_COUNTIES)[number];

const PLACE_SEPARATOR = /\s*[,\n]\s*/;
const countyNamed = (place: string): KenyaCounty | undefined =>
  KENYA_COUNTIES.find((county) => county.toLowerCase() === place.toLowerCase());

/** A zone's areas as its form shows them: the counties to tick, and the other places as written. */
export function splitAreas(areas: string): { counties: KenyaCounty[]; otherPlaces: string } {
  const places = areas.split(PLACE_SEPARATOR).filter(Boolean);
  const counties = new Set(places.map(countyNamed).filter((county) => county !== undefined));
  return {
    counties: KENYA_COUNTIES.filter((county) => counties.has(county)),
    otherPlaces: places.filter((place) => !countyNamed(place)).join(", "),
  };
}

/**
 * The areas to keep: the ticked counties and any county written out, in the list's order, then the other places as
 * written, each once.
 */
export function joinAreas(ticked: readonly KenyaCounty[], otherPlaces: string): string {
  const written = splitAreas(otherPlaces);
  const counties = KENYA_COUNTIES.filter((county) => ticked.includes(county) || written.counties.includes(county));
  const others = new Set(written.otherPlaces.split(", ").filter(Boolean));
  return [...counties, ...others].join(", ");
}

/** The zone form names each county's box "county:<name>", so a form without JavaScript posts every ticked one. */
export const COUNTY_FIELD_PREFIX = "county:";

/** The counties a posted zone form ticked, by their boxes' names. */
export function postedCounties(fields: Record<string, string>): string[] {
  return tickedBoxes(fields, COUNTY_FIELD_PREFIX);
}
