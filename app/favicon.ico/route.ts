// Browsers still ask for /favicon.ico now and then although every page links app/icon.svg; send
// them there instead of a 404 (which browsers report as a console error).
export function GET(): Response {
  return new Response(null, { status: 308, headers: { Location: "/icon.svg", "Cache-Control": "public, max-age=86400" } });
}
