import { createContext, useContext } from "react";
import { SHOP_UPLOADS_ADDRESS } from "~/domain/images";

const META_NAME = "duka-uploads";

/**
 * Where browsers fetch uploaded images from: UPLOADS_PUBLIC_URL, or the shop's own /uploads (decision 060). The
 * server render is given it by entry.server; the page carries it in a <meta> that the browser reads before it
 * hydrates, so both renders write the same addresses and no loader has to send it.
 */
export const UploadsAddressContext = createContext(
  typeof document === "undefined"
    ? SHOP_UPLOADS_ADDRESS
    : (document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content ?? SHOP_UPLOADS_ADDRESS),
);
export const useUploadsAddress = () => useContext(UploadsAddressContext);

/** The <meta> that carries the address to the browser; none when it is the shop's own. */
export function UploadsAddressMeta() {
  const address = useUploadsAddress();
  return address === SHOP_UPLOADS_ADDRESS ? null : <meta name={META_NAME} content={address} />;
}
