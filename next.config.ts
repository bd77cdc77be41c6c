import { createRequire } from "node:module";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// Messages reach use-intl precompiled (lib/i18n/precompile.ts), so its formatter is the small
// "format-only" variant: the ICU parser and intl-messageformat (about 12 KB gzip on every page)
// stay out of the browser bundle (the per-page JavaScript budget, tests/e2e/js-budget.spec.ts).
const FORMAT_MESSAGE = "use-intl/format-message";
const FORMAT_ONLY = "use-intl/format-message/format-only";

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
  turbopack: { resolveAlias: { [FORMAT_MESSAGE]: FORMAT_ONLY } },
  webpack(webpackConfig: { resolve: { alias: Record<string, string> } }) {
    webpackConfig.resolve.alias[`${FORMAT_MESSAGE}$`] = createRequire(import.meta.url).resolve(FORMAT_ONLY);
    return webpackConfig;
  },
  headers() {
    return Promise.resolve([{ source: "/:path*", headers: securityHeaders }]);
  },
};

export default withNextIntl(config);
