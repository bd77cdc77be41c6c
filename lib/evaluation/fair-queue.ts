// A queue that takes turns between tenants (workspaces): each tenant has its own FIFO, and the
// next item comes from the next tenant in round-robin order that has work and may run more. One
// workspace queueing many slow jobs therefore delays another's next job by at most the jobs
// already running, never by its whole backlog.

export class FairQueue<T> {
  private readonly lanes = new Map<string, T[]>();
  /** Tenants in turn order; the head is served next. */
  private readonly turns: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  sizeOf(tenant: string): number {
    return this.lanes.get(tenant)?.length ?? 0;
  }

  push(tenant: string, item: T): void {
    let lane = this.lanes.get(tenant);
    if (!lane) {
      lane = [];
      this.lanes.set(tenant, lane);
      this.turns.push(tenant);
    }
    lane.push(item);
    this.count++;
  }

  /**
   * The oldest item of the first tenant in turn that `eligible` allows; that tenant then goes to
   * the back of the line. Undefined when no eligible tenant has work.
   */
  shift(eligible: (tenant: string) => boolean = () => true): T | undefined {
    for (let i = 0; i < this.turns.length; i++) {
      const tenant = this.turns[i]!;
      if (!eligible(tenant)) continue;
      const lane = this.lanes.get(tenant)!;
      const item = lane.shift()!;
      this.count--;
      this.turns.splice(i, 1);
      if (lane.length > 0) this.turns.push(tenant);
      else this.lanes.delete(tenant);
      return item;
    }
    return undefined;
  }

  /** Removes one item (cancelled or expired); true when it was queued. */
  remove(tenant: string, item: T): boolean {
    const lane = this.lanes.get(tenant);
    const index = lane ? lane.indexOf(item) : -1;
    if (!lane || index < 0) return false;
    lane.splice(index, 1);
    this.count--;
    if (lane.length === 0) {
      this.lanes.delete(tenant);
      this.turns.splice(this.turns.indexOf(tenant), 1);
    }
    return true;
  }

  /** Empties the queue, returning every item (oldest tenant first). */
  drain(): T[] {
    const out: T[] = [];
    for (const tenant of this.turns) out.push(...this.lanes.get(tenant)!);
    this.lanes.clear();
    this.turns.length = 0;
    this.count = 0;
    return out;
  }
}
