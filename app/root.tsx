import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./components/nonce";
import { themeScript } from "./components/theme";
import { UploadsAddressMeta } from "./components/uploads-address";


export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <UploadsAddressMeta />
        <Links />
      </head>
      <body className="min-h-dvh bg-clay-50 font-sans text-earth-900 antialiased dark:bg-earth-950 dark:text-clay-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const message = notFound
    ? "We could not find that page."
    : "Please try again in a moment. If it keeps happening, contact us.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Duka`}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4">{message}</p>
      <a className="mt-8 inline-block underline" href="/">
        Back to the shop
      </a>
    </main>
  );
}
