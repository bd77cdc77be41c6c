import { migrate } from "../lib/migrate";

const url = process.env.DATABASE_URL ?? "file:./data/gauntlet.db";
const res = await migrate(url);
console.log(res.applied.length ? `applied: ${res.applied.join(", ")}` : "database is up to date");
