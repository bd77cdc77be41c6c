// The Prisma CLI's defaults: the source schema is the folder prisma/schema/ (one file per domain).
import { defineConfig } from "prisma/config";

export default defineConfig({ schema: "prisma/schema" });
