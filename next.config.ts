import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const config: NextConfig = {
  poweredByHeader: false,
  // proxy.ts redirects pages with a trailing slash itself and answers API paths directly (so
  // `/console/api/x/..` is a JSON 404, not a 308 to an HTML page).
  skipTrailingSlashRedirect: true,
  // Browser tests build into their own folder (scripts/e2e-server.mjs) so they never overwrite
  // the build that `npm start` or `npm run bench` is serving.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Native and Node-only modules stay outside the bundle.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "pg",
    "nodemailer",
    "rate-limiter-flexible",
    "ioredis",
    // The outbound guard's HTTP client (lib/http/outbound.ts).
    "undici",
    // The PostgreSQL job engine (lib/jobs/pg-worker.ts).
    "pg-boss",
  ],
  // Server actions take a challenge pack's YAML (at most 1 MiB, checked by the action itself) plus
  // the form's overhead; Next's default 1 MB would refuse a valid bundle before our own message.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  headers() {
    return Promise.resolve([{ source: "/:path*", headers: securityHeaders }]);
  },
};

export default withNextIntl(config);
