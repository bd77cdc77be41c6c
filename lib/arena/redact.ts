import type { ChatMessage } from "@/lib/arena/types";

// A DM (a message with `to`) is shown as `{…, content: "", redacted: true}` to anyone but its
// sender and recipient until the game ends; then everything is visible to everyone.

/** `viewer`: the invite codes the viewer speaks as (empty for an anonymous viewer). */
export function redactFor(message: ChatMessage, viewer: readonly string[], ended: boolean): ChatMessage {
  if (ended || message.to === undefined) return message;
  if (viewer.includes(message.from) || viewer.includes(message.to)) return message;
  return { ...message, content: "", redacted: true };
}
