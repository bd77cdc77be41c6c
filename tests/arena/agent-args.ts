// The scripted agent's command line (see agent.ts) and its identity file.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { identityFromPrivateKeyHex, makeIdentity, type Identity } from "./client";

export const GAMES = ["psi", "ultimatum", "secret-keeper"] as const;
export type Game = (typeof GAMES)[number];
const ROLES: Record<Game, string[]> = {
  psi: ["auto", "player"],
  ultimatum: ["auto", "proposer", "responder"],
  "secret-keeper": ["auto", "keeper", "attacker"],
};

export interface Args {
  base: string;
  invite: string;
  game: Game;
  role: string;
  out: string;
  mode: "auto" | "auth" | "standalone";
  identityFile?: string;
  prefix: "/api" | "/api/v1";
  timeoutMs: number;
  verbose: boolean;
}

export function readArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: "string" },
      invite: { type: "string" },
      game: { type: "string" },
      role: { type: "string", default: "auto" },
      out: { type: "string" },
      mode: { type: "string", default: "auto" },
      identity: { type: "string" },
      prefix: { type: "string", default: "/api/v1" },
      timeout: { type: "string", default: "60" },
      verbose: { type: "boolean", default: false },
    },
  });
  const { base, invite, game, role, out, mode, prefix } = values;
  if (!base || !invite || !game || !out) throw new Error("--base, --invite, --game and --out are required");
  if (!(GAMES as readonly string[]).includes(game))
    throw new Error(`--game must be one of ${GAMES.join(", ")}`);
  if (!ROLES[game as Game].includes(role))
    throw new Error(`--role for ${game}: ${ROLES[game as Game].join("|")}`);
  if (mode !== "auto" && mode !== "auth" && mode !== "standalone")
    throw new Error("--mode: auto|auth|standalone");
  if (prefix !== "/api" && prefix !== "/api/v1") throw new Error("--prefix: /api|/api/v1");
  const seconds = Number(values.timeout);
  if (!(seconds > 0)) throw new Error("--timeout must be a positive number of seconds");
  return {
    base,
    invite,
    game: game as Game,
    role,
    out,
    mode,
    identityFile: values.identity,
    prefix,
    timeoutMs: seconds * 1000,
    verbose: values.verbose,
  };
}

export function loadIdentity(file: string | undefined): Identity {
  if (file === undefined) return makeIdentity();
  if (existsSync(file)) return identityFromPrivateKeyHex(readFileSync(file, "utf8").trim());
  const identity = makeIdentity();
  writeFileSync(file, `${identity.privateKeyHex}\n`, { mode: 0o600 });
  return identity;
}
