import { z } from "zod";
import { displayNameSchema } from "@/lib/contracts/names";

// Player profile settings: display name, avatar URL and notification
// preferences. Client-safe; used by the settings server action and the profile service.

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const avatarUrlSchema = z
  .string()
  .trim()
  .max(500, "The avatar URL is too long (500 characters at most)")
  .refine((v) => {
    if (v === "") return true;
    try {
      const url = new URL(v);
      return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Use an https:// image address (or leave it empty)");

export const profileInputSchema = z.object({
  displayName: displayNameSchema,
  avatarUrl: avatarUrlSchema.transform((v) => (v === "" ? null : v)),
  notifyOnFirstBlood: checkbox,
  notifyOnRecordBeaten: checkbox,
  notifyOnPairing: checkbox,
  notifyByEmail: checkbox,
});

export type ProfileInput = z.infer<typeof profileInputSchema>;

export interface ProfileSettings {
  display_name: string;
  avatar_url: string | null;
  notify_on_first_blood: boolean;
  notify_on_record_beaten: boolean;
  notify_on_pairing: boolean;
  notify_by_email: boolean;
}
