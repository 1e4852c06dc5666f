import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { closeShopDatabase, db } from "../app/server/db/database.server";
import { writeSampleDataOnce } from "../app/server/db/seed.server";
import { openForCommand, runningShop } from "../scripts/cli";

/**
 * A large shop for the benchmarks, written with a handful of set-based SQL statements so 100,000 products or
 * 50,000 orders take seconds: the sample shop, plus `products` generated products spread over its categories
 * (names, materials and inspirations from the shop's own vocabulary, so searches match some and not others)
 * and `orders` orders of 1–3 lines over the last two years, in every status, with totals that add up. The first
 * 100 generated products have deep stock, for the checkout benchmark (decision 024). A third of the products keep
 * stock in 12 size and colour variants (decision 049).
 * Every generated id starts with "bench", so nothing collides with the shop's own ids.
 */
export async function writeLargeShop(counts: { products: number; orders: number }): Promise<void> {
  const database = await db();
  await writeSampleDataOnce(database);
  await database.transaction(async (tx) => {
    await tx.execute(sql`
      with vocabulary as (
        select array['Ankara','Kente','Kitenge','Maasai','Kikoi','Kiondo','Bogolan','Adinkra','Kanga','Shuka','Lamu','Turkana'] as styles,
               array['Wrap Dress','Maxi Dress','Head Wrap','Linen Shirt','Handbag','Beaded Collar','Cushion Cover','Wall Basket',
                     'Tote Bag','Sandals','Throw Blanket','Table Runner','Earrings','Bomber Jacket','Kaftan','Bucket Hat'] as items,
               array['Cotton','Sisal','Glass beads','Linen','Leather','Wax-print cotton','Mudcloth','Brass'] as materials,
               array['Maasai beadwork (Kenya)','Kente weaving (Ghana)','Bogolanfini (Mali)','Swahili coast','Kanga prints (East Africa)'] as inspirations,
               array['XS','S','M','L','XL'] as sizes,
               array['Indigo','Ochre','Terracotta','Forest Green','Charcoal','Sunset Red'] as colors,
               (select array_agg(images[1] order by id) from products where cardinality(images) > 0) as images,
               (select array_agg(id order by position) from categories) as category_ids
      ),
      numbered as (
        select n, v.*, v.styles[1 + n % 12] || ' ' || v.items[1 + (n / 12) % 16] || ' No. ' || n as name
        from generate_series(1, ${counts.products}) as n, vocabulary v
      )
      insert into products (id, name, slug, sku, category_id, price_cents, rating, review_count, description, details,
                            images, sizes, colors, cultural_inspiration, material, is_bestseller, is_new_arrival, stock,
                            is_visible, created_at)
      select 'bench' || lpad(n::text, 7, '0'),
             name,
             trim(both '-' from regexp_replace(lower(name), '\\W+', '-', 'g')) || '-bench' || lpad(n::text, 7, '0'),
             'AFB-BENCH-' || n,
             category_ids[1 + n % array_length(category_ids, 1)],
             (300 + (n * 7919) % 19700) * 100,
             (n % 50) / 10.0,
             n % 200,
             'Handmade ' || lower(items[1 + (n / 12) % 16]) || ' in ' || lower(materials[1 + n % 8]) || ', finished by artisans in Kenya.',
             array['Handmade in Kenya', 'Each piece varies slightly'],
             array[images[1 + n % array_length(images, 1)]],
             sizes[1 : 1 + n % 5],
             colors[1 : 1 + n % 6],
             inspirations[1 + n % 5],
             materials[1 + n % 8],
             n % 17 = 0,
             n % 23 = 0,
             case when n <= 100 then 100000 else n % 60 end,
             n % 19 <> 0,
             now() - (n % 730) * interval '1 day'
      from numbered
    `);
    // A third of the products keep stock per size and colour (decision 049): 3 sizes × 4 colours, XS and Indigo first
    // as the formulas above give every product, the M sizes at KSH 500 more, and some combinations sold out. The
    // deep-stock products keep deep stock in every combination.
    await tx.execute(sql`
      update products set sizes = array['XS','S','M'], colors = array['Indigo','Ochre','Terracotta','Charcoal']
      where id like 'bench%' and substr(id, 6)::int % 3 = 0
    `);
    await tx.execute(sql`
      insert into product_variants (id, product_id, position, size, color, stock, price_cents, sku)
      select p.id || '-' || s.i || '-' || c.j, p.id, (s.i - 1) * 4 + c.j - 1, s.size, c.color,
             case when substr(p.id, 6)::int <= 100 then 100000 else (substr(p.id, 6)::int + s.i + c.j) % 9 end,
             case when s.size = 'M' then p.price_cents + 50000 end,
             p.sku || '-' || s.size || '-' || upper(left(c.color, 3))
      from products p
      cross join lateral unnest(p.sizes) with ordinality as s(size, i)
      cross join lateral unnest(p.colors) with ordinality as c(color, j)
      where p.id like 'bench%' and substr(p.id, 6)::int % 3 = 0
    `);
    await tx.execute(sql`
      update products set stock = totals.stock
      from (select product_id, sum(stock) as stock from product_variants where product_id like 'bench%' group by product_id) totals
      where products.id = totals.product_id
    `);
    // Each order's lines follow from its number, so its total is summed as it is written: updating 5,000 orders
    // afterwards runs the customer-totals trigger over all of them (40 s on PostgreSQL).
    const orderLines = sql`
      select o.id as order_id, line as position, p.id as product_id, p.name, p.images[1] as image, p.price_cents as unit_price_cents,
             coalesce(p.sizes[1], '') as size, coalesce(p.colors[1], '') as color, 1 + (o.n + line) % 3 as quantity
      from (select 'bench' || lpad(n::text, 15, '0') as id, n from generate_series(1, ${counts.orders}) as n) o
      cross join lateral generate_series(1, 1 + o.n % 3) as line
      join products p on p.id = 'bench' || lpad((1 + (o.n * 31 + line * 7) % ${Math.max(counts.products, 1)})::text, 7, '0')
    `;
    await tx.execute(sql`
      with numbered as (select n, 'bench' || lpad(n::text, 15, '0') as id from generate_series(1, ${counts.orders}) as n),
      totals as (select order_id, sum(unit_price_cents * quantity) as total from (${orderLines}) lines group by order_id)
      insert into orders (id, tracking_id, client_name, client_address, client_phone, total_cents, status, payment_status,
                          payment_method, is_archived, order_date, updated_at)
      select o.id,
             'AFBX' || lpad(n::text, 8, '0'),
             (array['Wanjiku','Achieng','Otieno','Kamau','Njeri','Mwangi','Auma','Kiprop'])[1 + n % 8] || ' Shopper ' || n,
             'House ' || n || ', Moi Avenue, Nairobi',
             '+2547' || lpad((n % 100000000)::text, 8, '0'),
             coalesce(t.total, 0),
             (array['Pending Payment','Processing','Out for Delivery','Delivered','Delivered','Delivered','Cancelled'])[1 + n % 7],
             case when n % 7 in (3, 4, 5) or n % 5 = 0 then 'Paid' else 'Unpaid' end,
             'M-Pesa',
             n % 7 in (4, 5) and n % 3 = 0,
             now() - ((n * 37) % (730 * 24 * 60)) * interval '1 minute',
             now()
      from numbered o left join totals t on t.order_id = o.id
    `);
    await tx.execute(sql`
      insert into order_lines (order_id, position, product_id, name, image, unit_price_cents, size, color, quantity)
      ${orderLines}
    `);
    // A shop this old has long since cancelled the unpaid orders past the default hold (decision 033), so its
    // first start has no backlog to cancel while it is being measured.
    await tx.execute(sql`
      update orders set status = 'Cancelled'
      where id like 'bench%' and status = 'Pending Payment' and payment_status = 'Unpaid' and not is_archived
        and order_date < now() - interval '48 hours'
    `);
  });
  // Fresh statistics and a vacuumed table, as a shop that has grown to this size over time would have.
  await database.execute(sql`vacuum analyze`);
}

async function main(args: string[]) {
  const count = (flag: string, fallback: number) => {
    const index = args.indexOf(flag);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const counts = { products: count("--products", 10_000), orders: count("--orders", 50_000) };
  if (runningShop()) throw new Error("The shop is running; stop it before writing a large shop into its database.");
  await openForCommand();
  try {
    const started = performance.now();
    await writeLargeShop(counts);
    console.log(`Wrote ${counts.products} products and ${counts.orders} orders in ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await closeShopDatabase();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
