// Canvas helpers shared by the builder specs (builder.spec.ts, builder-layout.spec.ts).
import type { Page } from "@playwright/test";

const handle = (page: Page, nodeId: string, port: string, kind: "source" | "target") =>
  page.locator(`.react-flow__node[data-id="${nodeId}"] .react-flow__handle.${kind}[data-handleid="${port}"]`);

/** Drags a connection with the mouse from an output handle to an input handle. */
export async function connect(page: Page, from: [string, string], to: [string, string]) {
  await page.getByTestId("canvas").scrollIntoViewIfNeeded();
  const a = await handle(page, from[0], from[1], "source").boundingBox();
  const b = await handle(page, to[0], to[1], "target").boundingBox();
  if (!a || !b) throw new Error(`handle not visible: ${from.join(".")} → ${to.join(".")}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

export const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
