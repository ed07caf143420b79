import { redirect } from "react-router";
import { deleteSession } from "~/models/sessions.server";
import { clearSessionCookie, sessionToken } from "~/utils/auth.server";
import type { Route } from "./+types/logout";

/** Sign-out (SPEC §2): the session ends on the server, the cookie is cleared, back to the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  const token = sessionToken(request);
  if (token) await deleteSession(token);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}

/** A plain visit changes nothing (sign-out is a POST, so no link can sign anyone out). */
export function loader() {
  return redirect("/admin");
}
