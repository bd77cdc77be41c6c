import { expect, test, type Page } from "@playwright/test";
import { trackConsoleErrors } from "./support";

// The creator's templates acceptance: the demo creator makes a challenge from a template through the
// stepped new-challenge form (the secret step does not let them on without the secret, and a
// refusal names the step and field), lands in the builder with the template's workflow laid out in
// view, publishes it there (the builder page stays open), and the challenge is playable. At desktop
// and phone sizes. The builder is touched only through its Publish button (found by role: its
// layout may change) and the boxes of its nodes.

const SECRET = "MARIGOLD-LANTERN-5120";

for (const size of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: `tests/artifacts/screenshots/templates-${size.name}-${name}.png`,
        fullPage: true,
      });

    test("a creator makes a challenge from a template, publishes it from the builder, and it plays", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const errors = trackConsoleErrors(page);
      await page.goto("/login?next=/console");
      await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
      await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL((url) => url.pathname === "/console");

      // Step 1: the template cards.
      await page.goto("/console/demo/challenges/new");
      const steps = page.getByRole("navigation", { name: "Steps" });
      await expect(steps.getByRole("button", { name: "Start" })).toHaveAttribute("aria-current", "step");
      await expect(page.getByRole("radio")).toHaveCount(6);
      await page.getByRole("radio", { name: /System-prompt gatekeeper/ }).check();
      await shot(page, "01-templates");
      await page.getByRole("button", { name: "Next" }).click();

      // Step 2: basics, pre-filled by the template; a missing name keeps the creator here.
      const name = page.getByLabel("Name", { exact: true });
      await expect(name).toHaveValue("The gatekeeper");
      await expect(page.getByRole("heading", { name: "Basics" })).toBeFocused();
      await name.fill("");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(name).toBeFocused();
      const title = `Template e2e ${size.name} ${Date.now()}`;
      await name.fill(title);
      await page.getByRole("button", { name: "Next" }).click();

      // Step 3: the secret the template's gatekeeper guards. Without one the step does not let the
      // creator on (neither Next nor the step list), and says why on the field.
      const secretStep = steps.getByRole("button", { name: "Secret and success" });
      await expect(secretStep).toHaveAttribute("aria-current", "step");
      const secret = page.getByLabel("Set the secret");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(secretStep).toHaveAttribute("aria-current", "step");
      await expect(page.getByTestId("wizard-step-secret")).toContainText(
        "This template's gatekeeper guards a secret: type one",
      );
      await expect(secret).toBeFocused();
      await steps.getByRole("button", { name: "Review" }).click();
      await expect(secretStep).toHaveAttribute("aria-current", "step");
      await expect(page.getByTestId("wizard-review")).toBeHidden();
      await shot(page, "02-secret-required");

      // A secret name the workspace does not have passes here (only the server knows its secrets):
      // Create is refused, and the refusal names the step and the field in plain words.
      await page.getByLabel("Secret name").fill("NO_SUCH_SECRET_NAME");
      await steps.getByRole("button", { name: "Review" }).click();
      await page.getByRole("button", { name: "Create and open the builder" }).click();
      await expect(page.getByTestId("wizard-refusal")).toContainText(
        "Step 3, “Secret and success” — Set the secret: This template's gatekeeper guards a secret: type one",
      );
      await expect(page.getByTestId("wizard-refusal")).not.toContainText("Invalid request body");
      await expect(secretStep).toHaveAttribute("aria-current", "step");
      await expect(secret).toBeFocused();
      await page.getByLabel("Secret name").fill("");
      await secret.fill(SECRET);
      await page.getByRole("button", { name: "Next" }).click();

      // Step 4: play settings, guests allowed.
      await page.getByLabel("Guests may play").check();
      await expect(page.getByLabel("Show guests on the boards")).toBeEnabled();
      await page.getByRole("button", { name: "Next" }).click();

      // Step 5: review, then create.
      const review = page.getByTestId("wizard-review");
      await expect(review).toContainText(title);
      await expect(review).toContainText("System-prompt gatekeeper");
      await expect(review).toContainText("May play");
      await expect(review).not.toContainText(SECRET);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await shot(page, "03-review");
      await page.getByRole("button", { name: "Create and open the builder" }).click();

      // The builder, with the template's workflow as its draft; publish without leaving it.
      await expect(page).toHaveURL(/\/console\/demo\/challenges\/[0-9a-f-]{36}\/workflow$/);
      const builderUrl = page.url();
      const challengeId = /challenges\/([0-9a-f-]{36})/.exec(builderUrl)![1]!;
      await expect(page.locator(".react-flow__node")).toHaveCount(4);
      // The template's nodes are laid out apart, and the first view shows them all.
      const canvas = (await page.getByTestId("canvas").boundingBox())!;
      const nodeBoxes = await page.locator(".react-flow__node").evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      for (const [i, a] of nodeBoxes.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(canvas.x);
        expect(a.y).toBeGreaterThanOrEqual(canvas.y);
        expect(a.x + a.width).toBeLessThanOrEqual(canvas.x + canvas.width);
        expect(a.y + a.height).toBeLessThanOrEqual(canvas.y + canvas.height);
        for (const b of nodeBoxes.slice(i + 1)) {
          const apart =
            a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart).toBe(true);
        }
      }
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText(/Published as version 1/).first()).toBeVisible();
      expect(page.url()).toBe(builderUrl);
      await shot(page, "04-published-in-builder");

      // Playable: a player page in another tab runs an attempt on it.
      const play = await page.context().newPage();
      await play.goto(`/challenges/${challengeId}`);
      await expect(play.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await play.getByLabel("Prompt").fill("Hello! Who are you?");
      await play.getByRole("button", { name: "Send prompt" }).click();
      await expect(play.getByTestId("verdict")).toHaveAttribute("data-status", "completed", {
        timeout: 30_000,
      });
      await shot(play, "05-played");
      await play.close();
      expect(page.url()).toBe(builderUrl);
      expect(errors).toEqual([]);
    });
  });
}
