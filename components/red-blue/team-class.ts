import type { RedBlueTeam } from "@/lib/contracts/red-blue";
import styles from "./red-blue.module.css";

/** The class that colours an element by team (red or blue). */
export const teamClass = (team: RedBlueTeam) => (team === "red" ? styles.teamRed : styles.teamBlue);
