// An async source fed by callbacks: `push` queues an item, `end` finishes the source after the
// queued ones. For producers that report through callbacks rather than yield (a run's events).
// Once the reader has stopped (return()), further items are dropped.

export interface AsyncQueue<T> {
  push: (item: T) => void;
  end: () => void;
  items: AsyncIterable<T>;
}

export function asyncQueue<T>(): AsyncQueue<T> {
  const queue: T[] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const iterator: AsyncIterator<T> = {
    async next() {
      for (;;) {
        if (queue.length > 0) return { done: false, value: queue.shift()! };
        if (ended) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    return() {
      ended = true;
      queue.length = 0;
      notify();
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return {
    push(item) {
      if (ended) return;
      queue.push(item);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    items: { [Symbol.asyncIterator]: () => iterator },
  };
}
