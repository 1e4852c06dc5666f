import { Figure, Figures } from "~/components/admin/figures";
import { ReportFilter } from "~/components/admin/report-filter";
import { RevenueChart } from "~/components/admin/report-chart";
import { SalesTable } from "~/components/admin/report-sales";
import { RiderCollections } from "~/components/admin/report-collections";
import { EmptyState, PageLinks } from "~/components/admin/table";
import { buttonClass } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { describeRange, NO_SALES_MESSAGE, reportQuery, saleNumber } from "~/domain/report";
import { shopDateTime } from "~/domain/shop-time";
import { parseReportPeriod } from "~/domain/report-period.schema";
import { periodRange } from "~/domain/report-period";
import { riderCollectionsIn } from "~/server/pay-on-delivery.server";
import { requireAdminPage } from "~/server/admin-guard.server";
import { config } from "~/server/config.server";
import { salesReport } from "~/server/reports.server";
import type { Route } from "./+types/reports";
import { AdminIcon } from "~/components/admin/icon";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const filter = parseReportPeriod(url.searchParams);
  const { timeZone } = config();
  const now = new Date();
  const [report, collected] = await Promise.all([
    salesReport(filter, { now, timeZone }, url.searchParams.get("page")),
    riderCollectionsIn(periodRange(filter.period, now, timeZone, filter)),
  ]);
  return {
    collected,
    filter,
    covers: describeRange(report.days),
    figures: {
      revenueCents: report.revenueCents,
      unitsSold: report.unitsSold,
      orders: report.orders,
      stockValueCents: report.stockValueCents,
      deliveryFeesCents: report.deliveryFeesCents,
      discountsCents: report.discountsCents,
    },
    chart: report.chart,
    // Dates are written on the server, in the shop's time zone, whatever the browser's zone is.
    sales: report.sales.map((sale) => ({
      id: sale.id,
      number: saleNumber(sale.id),
      when: shopDateTime(sale.orderDate, timeZone),
      clientName: sale.clientName,
      items: sale.items,
      totalCents: sale.totalCents,
      delivery: sale.delivery,
      deliveryFeeCents: sale.deliveryFeeCents,
      discountCents: sale.discountCents,
    })),
    page: report.page,
    pageCount: report.pageCount,
  };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { filter, covers, figures, chart, sales, page, pageCount, collected } = loaderData;
  const query = reportQuery(filter);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* Remounted when the address changes, so Back and Forward show the period on screen. */}
        <ReportFilter key={query} period={filter.period} from={filter.from} to={filter.to} />
        {figures.orders > 0 && (
          <a href={`/admin/reports/sales.csv?${query}`} download className={buttonClass("secondary")}>
            <AdminIcon name="download" className="size-4" /> Download CSV
          </a>
        )}
      </div>
      <p className="text-sm">
        Sales that are both Delivered and Paid, archived ones included: <strong>{covers}</strong>
      </p>

      <Figures>
        <Figure label="Total Revenue">
          <Price cents={figures.revenueCents} />
        </Figure>
        <Figure label="Units Sold">{figures.unitsSold}</Figure>
        <Figure label="Orders">{figures.orders}</Figure>
        <Figure label="Current Stock Value">
          <Price cents={figures.stockValueCents} />
        </Figure>
        {figures.discountsCents !== null && (
          <Figure label="Discounts">
            <Price cents={figures.discountsCents} />
          </Figure>
        )}
        {figures.deliveryFeesCents !== null && (
          <Figure label="Delivery Fees">
            <Price cents={figures.deliveryFeesCents} />
          </Figure>
        )}
      </Figures>

      {figures.orders === 0 ? (
        <EmptyState>{NO_SALES_MESSAGE}</EmptyState>
      ) : (
        <>
          <RevenueChart chart={chart} />
          <section aria-labelledby="sales-heading" className="space-y-3">
            <h2 id="sales-heading" className="font-display text-xl font-semibold">
              Sales
            </h2>
            <SalesTable sales={sales} withDiscount={figures.discountsCents !== null} withDelivery={figures.deliveryFeesCents !== null} />
            <PageLinks page={page} pageCount={pageCount} href={(to) => `?${reportQuery(filter, to)}`} noun="sales" />
          </section>
        </>
      )}
      {/* Only for a shop whose riders collected something on delivery in the period. */}
      {collected.length > 0 && <RiderCollections collections={collected} />}
    </div>
  );
}
