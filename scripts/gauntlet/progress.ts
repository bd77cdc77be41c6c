// Progress of a run on stderr: a bar redrawn in place on a terminal, or one plain line per change
// (status or cases done) when stderr is a file or a pipe, so CI logs carry no escape codes.
import type { PackRunView } from "../../lib/contracts/pack-runs";
import { progressBar, progressLine } from "./format";

export interface ProgressReporter {
  update(run: PackRunView): void;
  /** Ends the bar's line (before anything else is printed). */
  done(): void;
}

export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  if (stream.isTTY) {
    let drawn = false;
    return {
      update(run) {
        // The bar shrinks on a narrow terminal; "[", "]", the counts and the ETA need about 30 columns.
        const width = Math.max(10, Math.min(30, (stream.columns || 80) - 32));
        stream.write(`\r${progressBar(run, width)}\x1b[K`);
        drawn = true;
      },
      done() {
        if (drawn) stream.write("\n");
        drawn = false;
      },
    };
  }
  let last = "";
  return {
    update(run) {
      const key = `${run.status} ${run.done_cases}/${run.total_cases}`;
      if (key === last) return;
      last = key;
      stream.write(`${progressLine(run)}\n`);
    },
    done() {},
  };
}
