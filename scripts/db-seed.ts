import { migrate } from "../lib/migrate";
import { DEMO, seedDemo } from "../lib/seed/demo";
import { disconnectDb } from "../lib/db";

await migrate(process.env.DATABASE_URL ?? "file:./data/gauntlet.db");
const res = await seedDemo();
console.log(res.created ? "demo seeded" : "database already has accounts; nothing seeded");
console.log(`creator: ${DEMO.creator.email} / ${DEMO.creator.password}`);
console.log(`player:  ${DEMO.player.email} / ${DEMO.player.password}`);
await disconnectDb();
