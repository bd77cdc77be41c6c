// The English catalog: the shared base (en.json) plus one file per product area, so that work on
// one area does not edit the same file as work on another. A new area: add a JSON file here and
// list it below under its namespace. Each node type's messages live in its folder
// (lib/workflow/nodes/<type>/messages/) and arrive here through the node registry.
import { nodeTypeMessages } from "@/lib/workflow/registry";
import base from "../en.json";
import arena from "./arena.json";
import boards from "./boards.json";
import builder from "./builder.json";
import challengeWizard from "./challengeWizard.json";
import consolePages from "./consolePages.json";
import consolePacks from "./consolePacks.json";
import consolePackRuns from "./consolePackRuns.json";
import consoleCalibration from "./consoleCalibration.json";
import docs from "./docs.json";
import packConvert from "./packConvert.json";
import notifications from "./notifications.json";
import ladder from "./ladder.json";
import player from "./player.json";
import redBlue from "./redBlue.json";
import consoleRedBlue from "./consoleRedBlue.json";
import webhooks from "./webhooks.json";
import playerAccount from "./playerAccount.json";
import playLoop from "./playLoop.json";
import moderation from "./moderation.json";
import verdictReviews from "./verdictReviews.json";
// Apart from en.json so the global error page, whose script loads on every page, bundles these four
// strings and not the whole base catalog.
import errorsGlobal from "./errorsGlobal.json";

const en = {
  ...base,
  errors: { ...base.errors, global: errorsGlobal },
  redBlue: { ...base.redBlue, ...redBlue },
  arena: { ...base.arena, ...arena },
  player,
  builder: { ...builder, nodeTypes: nodeTypeMessages("en") },
  consolePages: {
    ...consolePages,
    webhooks,
    redBlue: consoleRedBlue,
    packs: consolePacks,
    packRuns: consolePackRuns,
    calibration: consoleCalibration,
    packConvert,
    challengeWizard,
  },
  notifications,
  boards,
  ladder,
  playerAccount,
  docs,
  playLoop,
  moderation,
  verdictReviews,
};

export default en;
