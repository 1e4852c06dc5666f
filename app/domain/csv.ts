// Formula neutralisation, the one rule every CSV file the shop writes follows (the sales report, the subscribers,
// the catalogue and orders exports) and the catalogue import undoes.

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). The full-width forms are
// in because some spreadsheet programs fold them into the plain ones. Leading apostrophes are counted in, so
// that a cell we neutralised loses exactly the apostrophe we added when it is read back.
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text a spreadsheet would take for a formula gets a leading apostrophe, so it is shown, never run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell read back from one of our files: the apostrophe neutraliseFormula added is taken off again. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}
