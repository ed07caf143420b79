import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { requestInfo } from "~/context";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/label";
import { ADMIN } from "~/i18n/admin";
import { verifyAdminCredentials } from "~/models/admins.server";
import { createSession } from "~/models/sessions.server";
import { LOGIN_MESSAGES, loginSchema } from "~/schemas/login";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { signInThrottle } from "~/web/sign-in-throttle.server";
import { refused, type FormResult } from "~/web/form-result";
import { adminReturnPath, pageAdmin, sessionCookie } from "~/web/identity.server";
import type { Route } from "./+types/login";

/**
 * /admin/login (SPEC §2, §5; DESIGN §7): e-mail and password; the same answer
 * whether or not the e-mail exists; the one sign-in throttle shared with
 * /auth/v1/token (decision 0018: 429, temporary). Signed-in administrators go
 * straight to /admin, or to a safe `redirectTo` (app/lib/safe-redirect.ts).
 */

export function meta() {
  return [{ title: `${ADMIN.login.title} — ${ADMIN.title}` }, { name: "robots", content: "noindex, nofollow" }];
}

// Lets the 429's Retry-After reach the browser.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (await pageAdmin(request, context)) throw redirect(adminReturnPath(url.searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) return data<FormResult>(refused(parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.required), { status: 400 });
  const ip = context.get(requestInfo).ip;
  try {
    const gate = await signInThrottle.begin(parsed.data.email, ip);
    if (!gate.allowed) {
      return data<FormResult>(refused(ADMIN.login.rateLimited), { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } });
    }
    const admin = await verifyAdminCredentials(parsed.data.email, parsed.data.password);
    if (!admin) return data<FormResult>(refused(LOGIN_MESSAGES.invalidCredentials), { status: 400 });
    await gate.succeeded();
    const session = await createSession(admin.id, getEnv().SESSION_TTL_DAYS);
    return redirect(adminReturnPath(url.searchParams.get("redirectTo")), {
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt) },
    });
  } catch (error) {
    log.error("Sign-in failed:", error);
    return data<FormResult>(refused(LOGIN_MESSAGES.generic), { status: 500 });
  }
}

const submitClass =
  "min-h-11 rounded-lg bg-sea-600 px-5 py-2.5 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:opacity-60";

export default function Login() {
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result.message : null;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-sea-600 focus:outline-2 focus:outline-sea-600";
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">{ADMIN.login.title}</h1>
        <Form method="post" action={`/admin/login${params.size ? `?${params}` : ""}`} className="mt-6 grid gap-4" noValidate>
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              {failure}
            </p>
          ) : null}
          <Label text={ADMIN.login.email}>
            <input name="email" type="email" autoComplete="username" required className={input} />
          </Label>
          <Label text={ADMIN.login.password}>
            <input name="password" type="password" autoComplete="current-password" required className={input} />
          </Label>
          <SubmitButton busy={busy} label={ADMIN.login.submit} busyLabel={ADMIN.login.submitting} className={submitClass} />
        </Form>
      </div>
    </main>
  );
}
