import { randomInt } from "node:crypto";

// The demo's secrets are composed from crypto-random words when seeded, so no file lists them;
// the words keep every level beatable (lib/seed/README.md, 'Demo secrets').

// prettier-ignore
export const DEMO_SECRET_FIRST_WORDS = [
  "agile", "airy", "amber", "amiable", "ancient", "arctic", "azure", "balmy", "blazing", "blissful",
  "bold", "bouncy", "brave", "breezy", "bright", "brisk", "bronze", "bubbly", "buoyant", "busy",
  "calm", "candid", "cheerful", "chilly", "clever", "cloudy", "cobalt", "comfy", "copper", "coral",
  "cordial", "cosmic", "cozy", "crafty", "crimson", "crisp", "curious", "dainty", "dandy", "dapper",
  "daring", "dazzling", "deft", "devoted", "dreamy", "dusky", "dusty", "eager", "early", "earthy",
  "elated", "electric", "elegant", "emerald", "epic", "fabled", "fancy", "fearless", "feisty",
  "festive", "fiery", "flaky", "fleet", "floral", "fluffy", "flying", "foggy", "fond", "frank",
  "fresh", "frisky", "frosty", "fruity", "fuzzy", "gallant", "gentle", "giant", "gifted", "gilded",
  "glad", "gleaming", "glossy", "glowing", "golden", "graceful", "grand", "grassy", "grateful",
  "gusty", "happy", "hardy", "hazy", "hearty", "heroic", "hilly", "honest", "hopeful", "humble",
  "humming", "icy", "indigo", "inky", "ivory", "jade", "jaunty", "jazzy", "jolly", "jovial", "keen",
  "kind", "lavender", "lemon", "lilac", "limber", "lithe", "lively", "lofty", "loyal", "lucid",
  "lucky", "lunar", "lush", "majestic", "mauve", "mellow", "merry", "mighty", "mint", "minty",
  "misty", "modest", "moonlit", "mossy", "mystic", "nifty", "nimble", "noble", "nocturnal", "nutty",
  "oaken", "oceanic", "olive", "opal", "orange", "pastel", "patient", "peaceful", "peachy", "pearly",
  "peppy", "perky", "placid", "plaid", "playful", "pleasant", "plucky", "plum", "plush", "poised",
  "polar", "polished", "pristine", "proud", "purple", "quick", "quiet", "quirky", "radiant", "rainy",
  "rapid", "ready", "regal", "robust", "rocky", "rolling", "rosy", "royal", "ruby", "rustic",
  "rusty", "saffron", "sage", "salty", "sandy", "sapphire", "savvy", "scarlet", "serene", "shady",
  "shaggy", "shiny", "silent", "silky", "silver", "sincere", "sleek", "sleepy", "smoky", "smooth",
  "snappy", "snowy", "snug", "soft", "solar", "sonic", "sparkly", "speedy", "spicy", "spotted",
  "spry", "starry", "steady", "stellar", "stormy", "striped", "sturdy", "sugary", "sunny", "sweet",
  "swift", "tangy", "tawny", "teal", "tender", "thrifty", "tidy", "timely", "tiny", "toasty",
  "topaz", "tranquil", "tropical", "trusty", "twinkly", "upbeat", "valiant", "velvet", "verdant",
  "vintage", "violet", "vivid", "wandering", "warm", "wavy", "whimsical", "wild", "windy", "wintry",
  "wise", "witty", "wooden", "woolly", "zany", "zealous", "zesty", "zippy",
] as const;

// prettier-ignore
export const DEMO_SECRET_SECOND_WORDS = [
  "acorn", "albatross", "almond", "alpaca", "anchor", "antelope", "apple", "apricot", "arrow",
  "aspen", "atlas", "aurora", "avocado", "badger", "bagel", "balloon", "bamboo", "banjo", "barley",
  "basil", "beacon", "beaver", "beetle", "berry", "biscuit", "bison", "blossom", "blueberry",
  "bluebird", "bobcat", "bonfire", "bonsai", "boulder", "bramble", "brook", "buffalo", "button",
  "cabbage", "cabin", "cactus", "camel", "candle", "canoe", "canyon", "caramel", "caribou", "carrot",
  "castle", "catfish", "cedar", "cello", "cherry", "chestnut", "chipmunk", "cinnamon", "clover",
  "cobra", "coconut", "comet", "condor", "cookie", "cottage", "cougar", "coyote", "crane", "cricket",
  "crocus", "crystal", "cupcake", "cypress", "dahlia", "daisy", "dandelion", "diamond", "dingo",
  "dolphin", "donkey", "dove", "dragon", "drum", "dune", "eagle", "echo", "eclipse", "elm", "ember",
  "emu", "falcon", "fennel", "fern", "ferret", "fiddle", "fig", "finch", "firefly", "fjord",
  "flamingo", "flint", "flute", "forest", "fossil", "fox", "galaxy", "gannet", "garden", "garnet",
  "gazelle", "gecko", "geyser", "ginger", "giraffe", "glacier", "goblet", "gopher", "gorilla",
  "granite", "grape", "gull", "hamster", "harbor", "harp", "hawk", "hazel", "hedgehog", "heron",
  "hickory", "hippo", "honey", "horizon", "hyacinth", "ibis", "iceberg", "iguana", "island",
  "jackal", "jaguar", "jasmine", "juniper", "kangaroo", "kayak", "kelp", "kestrel", "kettle", "kite",
  "kiwi", "koala", "ladybug", "lagoon", "lantern", "lark", "lemur", "lentil", "lily", "llama",
  "lobster", "lotus", "lynx", "magnet", "magpie", "mammoth", "manatee", "mango", "maple", "marble",
  "marigold", "marmot", "meadow", "meerkat", "melon", "meteor", "mole", "monsoon", "moose", "moth",
  "muffin", "narwhal", "nectar", "newt", "nutmeg", "oasis", "ocelot", "octopus", "okapi", "orca",
  "orchid", "osprey", "otter", "owl", "oyster", "pancake", "panda", "papaya", "parrot", "pebble",
  "pelican", "penguin", "pepper", "pigeon", "pine", "planet", "pony", "poppy", "prairie", "puffin",
  "pumpkin", "quail", "quartz", "quill", "rabbit", "raccoon", "radish", "raven", "reef", "ribbon",
  "river", "robin", "rocket", "saddle", "salmon", "scarf", "seal", "sequoia", "shell", "sloth",
  "sparrow", "spruce", "squid", "squirrel", "starfish", "stork", "summit", "swan", "sycamore",
  "teapot", "thistle", "thunder", "tiger", "timber", "toucan", "trumpet", "tulip", "tundra",
  "turnip", "turtle", "valley", "violin", "volcano", "waffle", "walnut", "walrus", "weasel",
  "willow", "wombat", "yak", "zebra", "zephyr",
] as const;

/**
 * The words earlier versions picked the demo's secrets from (listed in the code, so guessable):
 * an install still holding one gets a fresh secret on its next start (lib/seed/demo.ts).
 */
// prettier-ignore
export const RETIRED_DEMO_SECRETS: readonly string[] = [
  "MARMALADE", "HONEYCOMB", "BUTTERSCOTCH", "GINGERSNAP", "QUICKSILVER", "SNAPDRAGON", "LIGHTHOUSE",
  "WATERCRESS", "PORCUPINE", "TAMBOURINE", "CHAMOMILE", "DRAGONFLY", "NIGHTINGALE", "MOONSTONE",
  "EVERGREEN", "CARTWHEEL", "KALEIDOSCOPE", "THUNDERCLAP", "WINDCHIME", "SILVERFISH", "NIGHTJAR",
  "OBSIDIAN", "KINGFISHER", "TAMARIND",
];

/** The number at the end: three digits, no leading zero. */
export const DEMO_SECRET_NUMBERS = { min: 100, max: 999 } as const;

/** What a composed secret looks like. */
export const DEMO_SECRET_PATTERN = /^(?:[A-Z][a-z]+){2}[1-9][0-9]{2}$/;

/** How many different secrets newDemoSecret() can return. */
export function demoSecretSpace(): number {
  const numbers = DEMO_SECRET_NUMBERS.max - DEMO_SECRET_NUMBERS.min + 1;
  return DEMO_SECRET_FIRST_WORDS.length * DEMO_SECRET_SECOND_WORDS.length * numbers;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A fresh secret from crypto.randomInt: word + word + number, e.g. "AmberFalcon417". */
export function newDemoSecret(): string {
  const first = DEMO_SECRET_FIRST_WORDS[randomInt(DEMO_SECRET_FIRST_WORDS.length)]!;
  const second = DEMO_SECRET_SECOND_WORDS[randomInt(DEMO_SECRET_SECOND_WORDS.length)]!;
  const number = randomInt(DEMO_SECRET_NUMBERS.min, DEMO_SECRET_NUMBERS.max + 1);
  return `${capitalised(first)}${capitalised(second)}${number}`;
}
