/**
 * Work a request starts and does not wait for (a sign-in code's SMS): the answer must not depend on
 * it, in content or in time. Each task's failure goes to `onError`; nothing is thrown at the caller.
 * `settled()` waits for every task started so far (the server's close, and tests).
 */
export interface Background {
  run(task: () => Promise<void>): void;
  settled(): Promise<void>;
}

export function background(onError: (err: unknown) => void): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
