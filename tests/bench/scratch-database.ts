// A throwaway PostgreSQL database on a server for one bench section, dropped afterwards.
import { randomUUID } from "node:crypto";
import pg from "pg";

export async function withScratchDatabase<T>(serverUrl: string, work: (url: string) => Promise<T> | T): Promise<T> {
  const name = `gauntlet_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
