// Next.js calls register() once per server start, before serving requests.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so every request served by this process carries its socket address.
    const { installPeerAddressHook } = await import("./lib/http/peer-address");
    installPeerAddressHook();
    // TRACE & co. become a marked GET that proxy.ts answers with a JSON 405 (not a framework 500).
    const { installMethodGuard } = await import("./lib/http/method-guard");
    installMethodGuard();
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
