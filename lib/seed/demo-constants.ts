// The demo install's fixed names, with no server code attached, so browser tests and the bench
// can read them (lib/seed/demo.ts and lib/seed/red-blue.ts write them into the database).
// The credentials are public on purpose (README, start-up log): they exist so a first-time user
// can look around; change or delete them on a real deployment.
export const DEMO = {
  workspace: { name: "Demo workspace", slug: "demo" },
  creator: { email: "creator@demo.gauntlet.local", password: "demo-creator-pass", name: "Demo Creator" },
  player: { email: "player@demo.gauntlet.local", password: "demo-player-pass", name: "Demo Player" },
} as const;

export const RED_BLUE_DEMO_ID = "6a5d0000-0000-4000-8004-000000000001";
