// Rider rules and messages (product.md §2 Riders, §3 Rider, §5).

export const NO_RIDERS_FOUND_MESSAGE = "No riders found. Add your first rider!";
export const RIDER_NAME_REQUIRED = "Please enter the rider's name.";
export const RIDER_NAME_MAX_CHARS = 80;
export const RIDER_GONE_MESSAGE = "That rider no longer exists.";
