import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Unit tests never touch ./data: keys and any files go to a throwaway folder.
const dir = mkdtempSync(join(tmpdir(), "gauntlet-unit-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${join(dir, "unit.db")}`;
process.env.LOG_LEVEL = "silent";
process.env.AUTH_SECRET ??= "unit-test-auth-secret-0123456789abcdef0123456789";
process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
