import { describe, expect, it } from "vitest";
import { formatWait, tryAgainIn, waitMessage, withoutWait } from "@/lib/time/wait";

describe("formatWait: waits in words a person reads", () => {
  it.each([
    [0, "1 second"],
    [0.2, "1 second"],
    [1, "1 second"],
    [45, "45 seconds"],
    [59.1, "1 minute"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [1720, "29 minutes"],
    [3540, "59 minutes"],
    [3599, "1 hour"],
    [3600, "1 hour"],
    [3900, "1 hour 5 minutes"],
    [2 * 3600 + 60, "2 hours 1 minute"],
    [86400, "1 day"],
    [86400 + 3600, "1 day 1 hour"],
    [3 * 86400 + 5 * 3600 - 10, "3 days 5 hours"],
    [Number.NaN, "1 second"],
  ])("%s s → %s", (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });

  it("never says a raw count of seconds past a minute", () => {
    expect(tryAgainIn(1720)).toBe("Try again in 29 minutes.");
    expect(tryAgainIn(1720)).not.toMatch(/1,?720/);
  });

  it("builds a message from a reason and takes the wait off again for live countdowns", () => {
    const message = waitMessage("Too many accounts created from this network.", 3900);
    expect(message).toBe("Too many accounts created from this network. Try again in 1 hour 5 minutes.");
    expect(withoutWait(message)).toBe("Too many accounts created from this network.");
    expect(withoutWait(waitMessage("You are submitting too fast.", 45))).toBe("You are submitting too fast.");
    expect(withoutWait("No wait here.")).toBe("No wait here.");
  });
});
