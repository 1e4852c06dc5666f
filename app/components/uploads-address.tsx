import { createContext, useContext } from "react";

const META_NAME = "duka-uploads";

/**
 * Where browsers fetch uploaded images from when it is not the shop's own /uploads: UPLOADS_PUBLIC_URL (decision
 * 060). The server render is given it by entry.server; the page carries it in a <meta> that the browser reads before
 * it hydrates, so both renders write the same addresses and no loader has to send it.
 */
export const UploadsAddressContext = createContext<string | undefined>(
  typeof document === "undefined" ? undefined : document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content,
);
export const useUploadsAddress = () => useContext(UploadsAddressContext);

/** The <meta> that carries the address to the browser; none when the shop serves its images itself. */
export function UploadsAddressMeta() {
  const address = useUploadsAddress();
  return address ? <meta name={META_NAME} content={address} /> : null;
}
