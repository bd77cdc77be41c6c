import { redirect } from "next/navigation";
import { getViewer } from "@/lib/auth/viewer";

// "My profile": the signed-in player's public page, or the login page that comes back here.
export default async function MyProfilePage() {
  const viewer = await getViewer();
  redirect(viewer ? `/players/${viewer.id}` : "/login?next=/profile");
}
