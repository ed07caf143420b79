import { useState } from "react";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "react-router";
import { DIAGNOSTICS_MESSAGES, TARGET_BUCKET } from "~/i18n/diagnostics";
import { diagButton, DiagnosticsShell, hasChosenFile, Message, Section, StatusBadge, UploadedImage } from "~/components/diagnostics/ui";
import { ANONYMOUS_WRITE_REFUSAL, checkBuckets, fileOf, uploadTestImage } from "~/web/diagnostics.server";
import type { CheckResult, UploadResult } from "~/web/diagnostics.server";
import { pageAdmin } from "~/web/identity.server";
import type { Route } from "./+types/test-storage";

/**
 * /test-storage (SPEC §2, §4): storage diagnostics, reachable without
 * sign-in. Status idle / loading / success / error / uploading; the storage
 * policy is 'public' only when an anonymous upload works — the storage rules
 * let only administrators write (DESIGN §7), so it reads 'restricted', the
 * secure state, even for a signed-in administrator whose own uploads work.
 */
export function meta() {
  return [{ title: "Storage diagnostics" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export type StoragePolicy = "unknown" | "restricted" | "public";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [buckets, admin] = await Promise.all([checkBuckets(), pageAdmin(request, context)]);
  // The anonymous upload test: the storage rules refuse every anonymous write.
  const policy: StoragePolicy = "restricted";
  const policyMessage = DIAGNOSTICS_MESSAGES.anonymousUploadFailed(ANONYMOUS_WRITE_REFUSAL);
  const policyDetail = admin
    ? `Signed in as ${admin.email}: administrator uploads work, anonymous uploads are refused (policy restricted).`
    : `${DIAGNOSTICS_MESSAGES.needsAdmin} (upload below).`;
  return { buckets, policy, policyMessage, policyDetail, signedIn: admin !== null, checkedAt: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs): Promise<UploadResult> {
  const failed = (message: string): UploadResult => ({ status: "error", message: DIAGNOSTICS_MESSAGES.storageUploadFailed(message) });
  // The body is already bounded (server/body-limits.ts: 64 KB unless an administrator sends it, then 6 MB).
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed("the request could not be read");
  }
  if (!(await pageAdmin(request, context))) return failed(DIAGNOSTICS_MESSAGES.needsAdmin);
  const file = fileOf(form);
  if (!file) return { status: "error", message: DIAGNOSTICS_MESSAGES.selectFile };
  return uploadTestImage(file, DIAGNOSTICS_MESSAGES.storageUploadFailed);
}

type PageStatus = "idle" | "loading" | "success" | "error" | "uploading";

export default function TestStorage() {
  const { buckets, policy, policyMessage, policyDetail, signedIn, checkedAt } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof action>({ key: "storage-upload" });
  const actionData = useActionData<typeof action>();
  const [noFile, setNoFile] = useState(false);
  const uploadResult: UploadResult | undefined = noFile ? { status: "error", message: DIAGNOSTICS_MESSAGES.selectFile } : (fetcher.data ?? actionData);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/test-storage";
  const result: CheckResult = uploadResult ?? buckets;
  const status: PageStatus = fetcher.state !== "idle" ? "uploading" : loading ? "loading" : result.status === "pending" ? "idle" : result.status;
  const message = result;
  const image = uploadResult?.image;

  return (
    <DiagnosticsShell title="Storage diagnostics">
      <Section title="Status">
        <StatusBadge value={status} />
        <Message status={message.status} message={message.message} detail={message.detail} />
        <p className="text-sm text-slate-700">
          Target bucket: <strong>{TARGET_BUCKET}</strong>
        </p>
        <p className="text-sm text-slate-700">
          Last checked <time dateTime={checkedAt}>{checkedAt}</time>
        </p>
        <Form method="get" action="/test-storage">
          <button type="submit" className={diagButton.secondary} disabled={loading}>
            Refresh
          </button>
        </Form>
      </Section>

      <Section title="Storage policy">
        <StatusBadge label="Policy" value={policy} />
        <Message status="success" message={policyMessage} detail={policyDetail} />
      </Section>

      <Section title="Buckets">
        {buckets.buckets.length > 0 ? (
          <ul className="list-disc pl-6 text-sm">
            {buckets.buckets.map((b) => (
              <li key={b.name}>
                {b.name} ({b.public ? "public" : "private"}){b.name === TARGET_BUCKET ? " — target bucket" : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No buckets</p>
        )}
        {buckets.status === "error" ? <Message status="error" message={buckets.message} /> : null}
      </Section>

      <Section title="Direct upload">
        {signedIn ? null : <p className="text-sm text-amber-900">Not signed in: {DIAGNOSTICS_MESSAGES.needsAdmin}.</p>}
        <fetcher.Form
          method="post"
          action="/test-storage"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            const missing = !hasChosenFile(event.currentTarget);
            setNoFile(missing);
            if (missing) {
              event.preventDefault();
              window.alert(DIAGNOSTICS_MESSAGES.selectFile);
            }
          }}
        >
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            File to upload
            <input type="file" name="file" accept="image/jpeg,image/png,image/webp,image/gif" className="text-sm" />
          </label>
          <button type="submit" className={diagButton.primary} disabled={fetcher.state !== "idle"}>
            Upload
          </button>
        </fetcher.Form>
        {image ? <UploadedImage url={image.url} alt="Uploaded file preview" /> : null}
      </Section>
    </DiagnosticsShell>
  );
}
