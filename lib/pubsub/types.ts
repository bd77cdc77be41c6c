export type Listener = (message: unknown) => void;

export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}
