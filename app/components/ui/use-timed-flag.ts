import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A flag that turns itself off after `ms` ("Added to Bag!" and "Copied!" for 2 s, product.md §9). Raising it again
 * restarts the clock.
 */
export function useTimedFlag(ms: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  return [on, raise];
}
