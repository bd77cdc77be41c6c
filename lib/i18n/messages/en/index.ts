// The English catalog: the shared base (en.json) plus one file per product area, so that work on
// one area does not edit the same file as work on another. A new area: add a JSON file here and
// list it below under its namespace.
import base from "../en.json";
import builder from "./builder.json";
import consolePages from "./consolePages.json";
import player from "./player.json";

const en = { ...base, player, builder, consolePages };

export default en;
