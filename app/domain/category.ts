// Category rules and messages (product.md §2 Categories, §5).

export const NO_CATEGORIES_MESSAGE = "No categories found. Add your first category!";
export const CATEGORY_NAME_REQUIRED = "Please enter a category name.";
export const CATEGORY_NAME_MAX_CHARS = 60;

/** product.md §5: deleting a category that products use is blocked, naming it. */
export const categoryInUseMessage = (name: string) =>
  `Cannot delete "${name}" because it is currently assigned to one or more products. Please reassign products to another category before deleting.`;

/** A category's name as categories are told apart: ignoring case and the spaces around it (the catalogue import). */
export const categoryKey = (name: string) => name.trim().toLowerCase();
