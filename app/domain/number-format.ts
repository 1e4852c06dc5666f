/** A count as staff read it, with thousands separated: "10,000". */
export const formatCount = (n: number) => n.toLocaleString("en-KE");
