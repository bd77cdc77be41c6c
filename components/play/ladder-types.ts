// What the play panel's ladder pieces need to know (plain data, passed from the server page).

export interface LadderLinks {
  /** The next level (with ?collection= so its breadcrumb stays in this ladder); null on the last. */
  next: { href: string; name: string } | null;
  /** The ladder's page. */
  collection: { href: string; name: string };
}
