// Placeholder until this page is built (issue 3); replaced before the storefront lands.
export default function Page() {
  return <h1>track</h1>;
}
