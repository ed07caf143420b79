import { redirect } from "react-router";
import { deleteSession } from "~/models/sessions.server";
import { clearSessionCookie, pageIdentity } from "~/web/identity.server";
import type { Route } from "./+types/logout";

/** Sign-out (SPEC §2): the session ends on the server, the cookie is cleared, back to the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const identity = await pageIdentity(request, context);
  if (identity.kind === "admin") await deleteSession(identity.token);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}

/** A plain visit changes nothing (sign-out is a POST, so no link can sign anyone out). */
export function loader() {
  return redirect("/admin");
}
