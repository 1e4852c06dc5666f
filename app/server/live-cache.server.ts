import { listeningInterrupted, type ShopTopic, subscribe, watchLocalWrites } from "./events.server";

// Most page views read the same few things that staff change a few times a day (settings, content,
// categories, the filter choices). They are kept in memory and dropped the moment a committed change on their
// topic is announced (NOTIFY reaches every process), so a page never waits on them. The age limit only bounds
// how stale a value could get if announcements stopped arriving unnoticed. A listening connection known to be lost
// is read through until it is back, and then everything kept is dropped, for what was announced meanwhile.
const MAX_AGE_MS = 60_000;

type Entry<T> = { value: Promise<T>; loadedAt: number };

/**
 * Values loaded by key and kept until a change on one of `topics` is announced, or made by this process; at
 * most `maxEntries`, the oldest dropped first. Callers asking for a key being loaded share that load. A load
 * that fails, or whose value `keep` refuses, is not kept.
 */
export function liveCache<K, T>(topics: readonly ShopTopic[], options: { maxEntries?: number; keep?: (value: T) => boolean } = {}) {
  const { maxEntries = Infinity, keep = () => true } = options;
  const entries = new Map<K, Entry<T>>();
  let listening: Promise<unknown> | undefined;
  const dropAll = () => entries.clear();
  const stopped = () => {
    listening = undefined;
    dropAll();
  };
  watchLocalWrites(topics, dropAll);
  const forget = (key: K, entry: Entry<T>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  return {
    async get(key: K, load: () => Promise<T>): Promise<T> {
      // Not listening (yet, or any more) means no announcement would reach us: read through.
      listening ??= subscribe(topics, dropAll, stopped, dropAll).catch(() => (listening = undefined));
      if (!(await listening) || listeningInterrupted()) return load();
      const cached = entries.get(key);
      if (cached && Date.now() - cached.loadedAt < MAX_AGE_MS) return cached.value;
      const entry: Entry<T> = { value: load(), loadedAt: Date.now() };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      entry.value.then(
        (value) => {
          if (!keep(value)) forget(key, entry);
        },
        () => forget(key, entry),
      );
      return entry.value;
    },
  };
}
