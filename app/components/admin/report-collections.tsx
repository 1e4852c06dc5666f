import { AdminTable, Cell } from "~/components/admin/table";
import { Price } from "~/components/ui/price";
import type { RiderCollection } from "~/domain/pay-on-delivery";

/** Pay on delivery (decision 054): what each rider collected at the door in the period, in cash and by M-Pesa. */
export function RiderCollections({ collections }: { collections: readonly RiderCollection[] }) {
  return (
    <section aria-labelledby="collected-heading" className="space-y-3">
      <h2 id="collected-heading" className="font-display text-xl font-semibold">
        Collected on delivery
      </h2>
      <p className="text-sm">Payments for pay-on-delivery orders made in the period, by the order&rsquo;s rider.</p>
      <AdminTable caption="Collected on delivery" columns={["Rider", "Cash", "M-Pesa"]} textOnly>
        {collections.map((collection) => (
          <tr key={collection.rider}>
            <Cell className="font-semibold">{collection.rider}</Cell>
            <Cell>
              <Price cents={collection.cashCents} />
            </Cell>
            <Cell>
              <Price cents={collection.mpesaCents} />
            </Cell>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
