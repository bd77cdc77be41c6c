// Next.js calls register() once per server start, before serving requests.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
