import type { ReactNode } from "react";

// The workspace pages bring their own navigation (app/console/[workspace]/layout.tsx); the
// workspace list at /console needs none.
export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
