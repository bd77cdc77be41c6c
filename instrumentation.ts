// Next.js calls register() once per server start, before serving requests.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so every request served by this process carries its socket address.
    const { installPeerAddressHook } = await import("./lib/http/peer-address");
    installPeerAddressHook();
    // TRACE & co., unserved methods and malformed API paths get JSON errors (not a framework 500).
    const { installRequestGuard } = await import("./lib/http/request-guard");
    installRequestGuard();
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
