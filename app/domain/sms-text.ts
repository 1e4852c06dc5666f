import { isPlaceholder, type Placeholder, type PlaceholderValues } from "./notifications";

// What of an SMS a stranger can write (issue 21): the shop's SMS go out under its name, so text from outside the
// shop never reaches one as typed. Of the SMS placeholders only two come from outside: the client's name, typed
// at checkout, and the M-Pesa receipt, read from a payment report. The rest are the shop's own (SHOP_NAME,
// RIDER_NAME, RIDER_PHONE, and HOW_TO_PAY's method name are typed by staff) or made by the shop (ORDER_ID, TOTAL,
// TRACKING_URL).

/** The most of a client's name an SMS carries, in UTF-16 units as an SMS counts them. */
export const SMS_NAME_MAX = 30;

// Letters of any script, spaces and . ' - : enough for "Wanjiru", "O'Neil", "Mary-Jane", "J. Kamau", "Zoë", "Ndẽ",
// and too little for a number to call or a web address.
const NAME_CHARACTERS = /^[\p{L} .'-]+$/u;
const LETTER = /\p{L}/u;
// A dot only ends a word ("J. Kamau"): "evil.example" is an address a phone would make a link of.
const DOT_INSIDE_A_WORD = /\.(?=[^ ])/;
// Phone keyboards type curly apostrophes: "O’Neil" is "O'Neil".
const CURLY_APOSTROPHES = /[\u2018\u2019]/g;

/**
 * A client's name as an SMS may carry it, or undefined when it is left out. Spaces are tidied and curly
 * apostrophes made straight; a name with anything but letters, spaces and . ' - (a digit, a slash, a symbol, an
 * emoji, a dot inside a word) is left out whole, as cutting such characters out could still leave a message
 * ("Call now"). A name longer than SMS_NAME_MAX keeps its first whole words that fit, or is left out.
 */
export function smsName(typed: string): string | undefined {
  const name = typed.normalize("NFC").replace(CURLY_APOSTROPHES, "'").replace(/\s+/gu, " ").trim();
  if (!NAME_CHARACTERS.test(name) || !LETTER.test(name) || DOT_INSIDE_A_WORD.test(name)) return undefined;
  if (name.length <= SMS_NAME_MAX) return name;
  let kept = "";
  for (const word of name.split(" ")) {
    const longer = kept === "" ? word : `${kept} ${word}`;
    if (longer.length > SMS_NAME_MAX) break;
    kept = longer;
  }
  return LETTER.test(kept) ? kept : undefined;
}

// An M-Pesa receipt: ten capitals and digits, the first a letter ("SKL4H7T2QX"), so never a phone number.
const RECEIPT = /^[A-Z][A-Z0-9]{9}$/;

/** An M-Pesa receipt number as an SMS may carry it, or undefined when it does not look like one. */
export function smsReceipt(value: string): string | undefined {
  const receipt = value.trim().toUpperCase();
  return RECEIPT.test(receipt) ? receipt : undefined;
}

/** The placeholders whose values come from outside the shop, with what of each an SMS may carry. */
const FROM_OUTSIDE: Partial<Record<Placeholder, (value: string) => string | undefined>> = {
  CLIENT_NAME: smsName,
  MPESA_RECEIPT: smsReceipt,
};

const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;
// A placeholder left out in mid-sentence takes the space (and a comma) before it: "Thank you {{CLIENT_NAME}}!"
// reads "Thank you!", "with us, {{CLIENT_NAME}}!" reads "with us!", "Hi {{CLIENT_NAME}}, your…" "Hi, your…".
const GAP_BEFORE = /[,;]?[ \t]+$/;
// One that starts the text, a line or a sentence takes the punctuation and space after it instead:
// "{{SHOP_NAME}}: {{CLIENT_NAME}}, your order…" reads "Duka: your order…".
const SENTENCE_START = /(?:^|[\n:.!?])[ \t]*$/;
const GAP_AFTER = /^[,;:!]?[ \t]*/;

/**
 * A template filled in as the SMS a shopper receives (issue 21): like renderText, but every value from outside
 * the shop is first made safe (FROM_OUTSIDE), and a placeholder with nothing to say is left out so the text
 * still reads naturally.
 */
export function renderSms(template: string, values: PlaceholderValues): string {
  let text = "";
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    text += template.slice(last, match.index);
    last = match.index + match[0].length;
    const name = match[1] ?? "";
    if (!isPlaceholder(name)) {
      text += match[0];
      continue;
    }
    const given = values[name] ?? "";
    const value = (FROM_OUTSIDE[name] ? FROM_OUTSIDE[name](given) : given) ?? "";
    if (value !== "") text += value;
    else if (SENTENCE_START.test(text)) last += GAP_AFTER.exec(template.slice(last))?.[0].length ?? 0;
    else text = text.replace(GAP_BEFORE, "");
  }
  return text + template.slice(last);
}
