/** Escapes LIKE's wildcards so someone typing "50%" searches for "50%"; lowercased for lower(column). */
const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching the text anywhere, for `lower(column) like …`. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching the text at the start, for `lower(column) like …`. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** A LIKE pattern matching the text at the end, for `column like …`. */
export const suffixPattern = (text: string) => `%${escapeLike(text)}`;
