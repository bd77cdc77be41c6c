import { route } from "@/lib/api/handler";
import { redBlueWebOperations } from "@/lib/contracts/red-blue";
import { listPublicRedBlue } from "@/lib/services/red-blue";

export const GET = route(redBlueWebOperations.list, async () => ({ data: await listPublicRedBlue() }));
