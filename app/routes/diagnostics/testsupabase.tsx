import { useState } from "react";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "react-router";
import { DIAGNOSTICS_MESSAGES, TARGET_BUCKET } from "~/i18n/diagnostics";
import { diagButton, DiagnosticsShell, hasChosenFile, Message, Section, StatusBadge, UploadedImage } from "~/components/diagnostics/ui";
import {
  checkAuthentication,
  checkBuckets,
  checkDatabase,
  checkDataCounts,
  deleteTestImage,
  fileOf,
  runDirectStorageTest,
  uploadTestImage,
} from "~/web/diagnostics.server";
import type { CheckResult, UploadResult } from "~/web/diagnostics.server";
import { pageAdmin } from "~/web/identity.server";
import type { Route } from "./+types/testsupabase";

/**
 * /testsupabase (SPEC §2): connection diagnostics, reachable without sign-in.
 * The read checks (session, database, buckets, counts) run in the loader;
 * the write tests (direct storage test, image upload and delete) are actions
 * that need an administrator session (DESIGN §7).
 */
export function meta() {
  return [{ title: "Connection diagnostics" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [authentication, database, buckets, data] = await Promise.all([
    checkAuthentication(request, context),
    checkDatabase(),
    checkBuckets(),
    checkDataCounts(),
  ]);
  return { authentication, database, storage: buckets, data, checkedAt: new Date().toISOString() };
}

type Intent = "direct" | "upload" | "delete";
export type DiagnosticsActionResult = CheckResult & { intent: Intent; image?: UploadResult["image"]; removedPath?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<DiagnosticsActionResult> {
  const refuse = (intent: Intent, message: string): DiagnosticsActionResult => ({ intent, status: "error", message });
  // The body is already bounded (server/body-limits.ts: 64 KB unless an administrator sends it, then 6 MB).
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("direct", "The request could not be read");
  }
  const intentValue = form.get("intent");
  const intent: Intent = intentValue === "upload" || intentValue === "delete" ? intentValue : "direct";
  // Every write test needs an administrator (deny by default).
  if (!(await pageAdmin(request, context))) return refuse(intent, DIAGNOSTICS_MESSAGES.needsAdmin);
  if (intent === "direct") return { intent, ...(await runDirectStorageTest()) };
  if (intent === "upload") {
    const file = fileOf(form);
    if (!file) return refuse(intent, DIAGNOSTICS_MESSAGES.selectFile);
    return { intent, ...(await uploadTestImage(file)) };
  }
  return { intent, ...(await deleteTestImage(form.get("path"))) };
}

function useResult(intent: Intent) {
  const fetcher = useFetcher<typeof action>({ key: `diagnostics-${intent}` });
  const actionData = useActionData<typeof action>();
  const result = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  return { fetcher, result, busy: fetcher.state !== "idle" };
}

export default function TestSupabase() {
  const checks = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/testsupabase";
  const direct = useResult("direct");
  const upload = useResult("upload");
  const remove = useResult("delete");
  const actionData = useActionData<typeof action>();
  // Which image test ran last: its result is the one shown (without JavaScript, the posted one).
  const [last, setLast] = useState<"upload" | "delete" | "no-file" | null>(null);
  const lastImageTest = last ?? (actionData?.intent === "upload" || actionData?.intent === "delete" ? actionData.intent : null);

  const uploadedImage = upload.result?.image;
  const image = uploadedImage && remove.result?.removedPath !== uploadedImage.path ? uploadedImage : undefined;
  const imageResult: CheckResult | undefined =
    lastImageTest === "no-file"
      ? { status: "error", message: DIAGNOSTICS_MESSAGES.selectFile }
      : lastImageTest === "delete"
        ? remove.result
        : lastImageTest === "upload"
          ? upload.result
          : undefined;
  const status = (check: CheckResult) => (reloading ? "pending" : check.status);

  return (
    <DiagnosticsShell title="Connection diagnostics">
      <p className="text-sm text-slate-700">
        Read checks run on every visit (last run <time dateTime={checks.checkedAt}>{checks.checkedAt}</time>). Write tests need an administrator session.
      </p>
      <Form method="get" action="/testsupabase">
        <button type="submit" className={diagButton.secondary} disabled={reloading}>
          Run All Tests Again
        </button>
      </Form>

      <Section title="Direct storage test">
        <StatusBadge value={direct.busy ? "pending" : (direct.result?.status ?? "pending")} />
        <Message
          status={direct.result?.status ?? "pending"}
          message={direct.result?.message ?? (checks.authentication.signedIn ? "Not run yet." : `Not run yet. ${DIAGNOSTICS_MESSAGES.needsAdmin}.`)}
        />
        <direct.fetcher.Form method="post" action="/testsupabase">
          <input type="hidden" name="intent" value="direct" />
          <button type="submit" className={diagButton.primary} disabled={direct.busy}>
            Run Direct Test
          </button>
        </direct.fetcher.Form>
      </Section>

      <Section title="Authentication">
        <StatusBadge value={status(checks.authentication)} />
        <Message {...checks.authentication} />
      </Section>

      <Section title="Database">
        <StatusBadge value={status(checks.database)} />
        <Message {...checks.database} />
      </Section>

      <Section title="Storage">
        <StatusBadge value={status(checks.storage)} />
        <Message {...checks.storage} />
        {checks.storage.buckets.length > 0 ? (
          <ul className="list-disc pl-6 text-sm">
            {checks.storage.buckets.map((b) => (
              <li key={b.name}>
                {b.name} ({b.public ? "public" : "private"}){b.name === TARGET_BUCKET ? " — target bucket" : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section title="Data contexts">
        <StatusBadge value={status(checks.data)} />
        <Message {...checks.data} />
        {checks.data.counts ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>Locations</dt>
            <dd>{checks.data.counts.locations}</dd>
            <dt>Real estates</dt>
            <dd>{checks.data.counts.realEstates}</dd>
            <dt>Contact submissions</dt>
            <dd>{checks.data.counts.contactSubmissions}</dd>
          </dl>
        ) : null}
      </Section>

      <Section title="Image upload/delete test">
        {checks.authentication.signedIn ? null : <p className="text-sm text-amber-900">Not signed in: {DIAGNOSTICS_MESSAGES.needsAdmin}.</p>}
        <StatusBadge value={upload.busy || remove.busy ? "pending" : (imageResult?.status ?? "pending")} />
        {imageResult ? <Message {...imageResult} /> : <Message status="pending" message="No image uploaded yet." />}
        <upload.fetcher.Form
          method="post"
          action="/testsupabase"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            if (!hasChosenFile(event.currentTarget)) {
              event.preventDefault();
              setLast("no-file");
              window.alert(DIAGNOSTICS_MESSAGES.selectFile);
            } else {
              setLast("upload");
            }
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            Image file
            <input type="file" name="file" accept="image/jpeg,image/png,image/webp,image/gif" className="text-sm" />
          </label>
          <button type="submit" className={diagButton.primary} disabled={upload.busy}>
            Upload Image
          </button>
        </upload.fetcher.Form>
        {image ? <UploadedImage url={image.url} alt="Uploaded test image" /> : null}
        <remove.fetcher.Form method="post" action="/testsupabase" onSubmit={() => setLast("delete")}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="path" value={image?.path ?? ""} />
          <button type="submit" className={diagButton.secondary} disabled={remove.busy}>
            Delete Image
          </button>
        </remove.fetcher.Form>
      </Section>
    </DiagnosticsShell>
  );
}
