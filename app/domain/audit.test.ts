import { describe, expect, test } from "vitest";
import { activityHref, actorLabel, changedFields, recordHref, recordLabel, shownValue } from "./audit";
import { activityQuerySchema } from "./audit.schema";
import { formatKsh } from "./money";

describe("what changed between two versions of a record", () => {
  test("only the fields that differ are kept, before and after", () => {
    expect(changedFields({ name: "Kikoy", stock: 3, sizes: ["S"] }, { name: "Kikoy Wrap", stock: 3, sizes: ["S"] })).toEqual({
      before: { name: "Kikoy" },
      after: { name: "Kikoy Wrap" },
    });
  });

  test("lists compare by content, and a field new in `after` was empty before", () => {
    expect(changedFields({ sizes: ["S", "M"] }, { sizes: ["S", "M"], material: "Cotton" })).toEqual({
      before: { material: null },
      after: { material: "Cotton" },
    });
  });

  test("nothing changed is null, so a save that changes nothing leaves no entry", () => {
    expect(changedFields({ name: "Kikoy", isVisible: true }, { name: "Kikoy", isVisible: true })).toBeNull();
  });

  test("fields of the stored row that the change does not name are not compared", () => {
    expect(changedFields({ name: "Kikoy", createdAt: "2025-01-01" }, { name: "Kikoy" })).toBeNull();
  });
});

describe("how an entry reads", () => {
  test("the shop itself is 'the shop'; staff by their email; a service by its name", () => {
    expect(actorLabel({ staffEmail: null, service: null })).toBe("the shop");
    expect(actorLabel({ staffEmail: "owner@duka.test", service: null })).toBe("owner@duka.test");
    expect(actorLabel({ staffEmail: null, service: "M-Pesa" })).toBe("M-Pesa");
  });

  test.each([
    ["priceCents", 1_500_00, "KSH 1,500"],
    ["isVisible", false, "No"],
    ["sizes", ["S", "M"], "S, M"],
    ["material", "", "—"],
    ["rider", null, "—"],
  ])("%s %j shows as %j", (field, value, shown) => {
    expect(shownValue(field, value, formatKsh)).toBe(shown);
  });

  test("long text is cut to one line", () => {
    const shown = shownValue("description", "a".repeat(200), formatKsh);
    expect(shown).toHaveLength(80);
    expect(shown.endsWith("…")).toBe(true);
  });

  test("records are named and linked in the shop's words", () => {
    expect(recordLabel("product", "p1", "Kikoy Wrap")).toBe("Product Kikoy Wrap");
    expect(recordLabel("rider", "r1", null)).toBe("Rider");
    expect(recordLabel("order", "abcdef1234567890", null)).toBe("Order #abcdef");
    expect(recordLabel("content", "faqs", null)).toBe("FAQs");
    expect(recordHref("product", "p1")).toBe("/admin/products/edit/p1");
    expect(recordHref("order", "abcdef1234")).toBe("/admin/orders?order=abcdef1234");
    expect(recordHref("content", "notification")).toBe("/admin/dashboard");
  });
});

describe("the activity list's address", () => {
  test("filters and page go into the address, and come back out", () => {
    const href = activityHref({ entity: "order", staff: "dev@duka.test" }, 3);
    expect(href).toBe("/admin/activity?entity=order&staff=dev%40duka.test&page=3");
    const query = Object.fromEntries(new URL(href, "http://shop").searchParams);
    expect(activityQuerySchema.parse(query)).toEqual({ entity: "order", staff: "dev@duka.test", page: 3 });
  });

  test.each([{ entity: "everything" }, { page: "1e300" }, { page: "-2" }, { entity: "", staff: "" }, { page: "x" }])(
    "an odd query %j reads as no filter and the first page",
    (query) => {
      expect(activityQuerySchema.parse(query)).toEqual({ entity: undefined, staff: undefined, page: 1 });
    },
  );
});
