// Rebuilds every arena score from the stored game results:
//   npm run arena:rescore
// Safe to run at any time: the rows are replaced in one transaction.
import { disconnectDb } from "../lib/db";
import { rebuildScores } from "../lib/services/arena/scoring";

const { games, rows } = await rebuildScores();
console.log(`arena scores rebuilt from ${games} ended games (${rows} rows)`);
await disconnectDb();
