import { useId, type ReactNode } from "react";

/** Shared look of the diagnostics pages (SPEC §2): English texts, so the block says lang="en". */

export const diagButton = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-lg bg-sea-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-4 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:cursor-not-allowed disabled:opacity-60",
};

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  idle: "bg-slate-100 text-slate-800",
  loading: "bg-amber-100 text-amber-900",
  uploading: "bg-amber-100 text-amber-900",
  success: "bg-emerald-100 text-emerald-900",
  error: "bg-red-100 text-red-900",
  unknown: "bg-slate-100 text-slate-800",
  restricted: "bg-amber-100 text-amber-900",
  public: "bg-emerald-100 text-emerald-900",
};

export function StatusBadge({ label = "Status", value }: { label?: string; value: string }) {
  return (
    <p className="text-sm text-slate-700">
      {label}:{" "}
      <span data-testid={`${label.toLowerCase().replace(/\s+/g, "-")}`} className={`rounded px-2 py-0.5 font-semibold ${STATUS_STYLE[value] ?? ""}`}>
        {value}
      </span>
    </p>
  );
}

export function Message({ status, message, detail }: { status: string; message: string; detail?: string }) {
  return (
    <div role={status === "error" ? "alert" : "status"} className={status === "error" ? "text-sm text-red-800" : "text-sm text-slate-800"}>
      <p>{message}</p>
      {detail ? <p className="mt-1 text-slate-700">{detail}</p> : null}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DiagnosticsShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main lang="en" className="mx-auto grid max-w-3xl gap-5 p-4 sm:p-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <nav aria-label="Diagnostics">
          <ul className="flex flex-wrap gap-4 text-sm">
            <li>
              <a className="text-sea-700 underline" href="/testsupabase">
                Connection diagnostics
              </a>
            </li>
            <li>
              <a className="text-sea-700 underline" href="/test-storage">
                Storage diagnostics
              </a>
            </li>
            <li>
              <a className="text-sea-700 underline" href="/admin/login">
                Administrator sign-in
              </a>
            </li>
          </ul>
        </nav>
      </header>
      {children}
    </main>
  );
}

/** A file form's guard (SPEC §8): no file chosen → the browser alert 'Please select a file first'. */
export function hasChosenFile(form: HTMLFormElement): boolean {
  const input = form.elements.namedItem("file");
  return input instanceof HTMLInputElement && (input.files?.length ?? 0) > 0;
}

/** The public URL of an uploaded test image, and the image itself. */
export function UploadedImage({ url, alt }: { url: string; alt: string }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm break-all">
        URL:{" "}
        <a className="text-sea-700 underline" href={url}>
          {url}
        </a>
      </p>
      <img src={url} alt={alt} className="max-h-60 w-auto rounded-lg ring-1 ring-slate-200" />
    </div>
  );
}
