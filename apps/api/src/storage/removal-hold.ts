import type { Storage } from './storage';

/**
 * A storage whose deletions can be held back while a backup copies the files: a file the database
 * snapshot still names is never deleted before the copy is made (deletions wait and then run).
 * Writes go on as usual; a file written after the snapshot is only an extra in the archive.
 */
export interface HoldingStorage extends Storage {
  /** Holds deletions until the returned function is called (which then runs the held ones). */
  holdRemovals(): () => Promise<void>;
}

export function holdingRemovals(storage: Storage): HoldingStorage {
  let holds = 0;
  let held: string[] = [];
  return {
    put: (name, data) => storage.put(name, data),
    open: (name) => storage.open(name),
    remove(name) {
      if (!holds) return storage.remove(name);
      // The caller does not wait for the backup: the deletion is queued and reported done.
      held.push(name);
      return Promise.resolve();
    },
    holdRemovals() {
      holds += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds) return;
        const names = held;
        held = [];
        for (const name of names) await storage.remove(name).catch(() => {});
      };
    },
  };
}

export function canHoldRemovals(storage: Storage): storage is HoldingStorage {
  return typeof (storage as Partial<HoldingStorage>).holdRemovals === 'function';
}
