import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { Link } from "react-router";
import { ADMIN } from "~/i18n/admin";
import { SubmitButton } from "../submit-button";

/**
 * Small shared pieces of the admin pages: one look for buttons, fields and
 * banners. Every control is at least 44 px tall (a thumb on a phone).
 */

export const buttonClass = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-sea-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:cursor-not-allowed disabled:opacity-50",
  danger:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-medium text-red-700 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50",
  icon: "inline-flex size-11 items-center justify-center rounded-lg bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:cursor-not-allowed disabled:opacity-40",
};

/** A `<button>` in one of the admin looks (links take `buttonClass` for the same look). */
export function Button({
  variant = "secondary",
  type = "button",
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass }) {
  return <button type={type} className={className ? `${buttonClass[variant]} ${className}` : buttonClass[variant]} {...props} />;
}

/** A field with an error after a refused save: where its message is, and what the summary calls it. */
interface Invalid {
  /** The element to focus: the field itself, or the first control of its group. */
  target: HTMLElement;
  label: string;
}

/**
 * The fields a refused save marked, in the form's order, read from the page:
 * every error message (an element whose id ends in "-error") and the field
 * that names it in aria-describedby — so each form's own fields (facts,
 * point, photos) count without a list kept here.
 */
function invalidFields(form: HTMLFormElement): Invalid[] {
  const found: Invalid[] = [];
  for (const message of form.querySelectorAll<HTMLElement>('[id$="-error"]')) {
    const owner = form.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(message.id)}"]`);
    const group = owner?.tagName === "FIELDSET" ? owner : null;
    const target = (group ? group.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea, button") : owner) ?? message;
    const label =
      (group ? group.querySelector("legend")?.textContent : owner?.id ? form.querySelector(`label[for="${CSS.escape(owner.id)}"]`)?.textContent : null) ??
      message.textContent ??
      "";
    found.push({ target, label: label.trim() });
  }
  return found;
}

function show(target: HTMLElement) {
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/**
 * The end of an admin form: save (its label says "saving" while it does) and
 * cancel back to `cancelTo`; half the width each on a phone. After a refused
 * save (`failed`: the form's last answer, issue 30) the first wrong field is
 * scrolled to and focused (unless the agent has typed on since she sent
 * it), and beside the button «Не сохранено: исправьте N полей» links to
 * each — a form's errors may be thousands of pixels above its button, where
 * a press on Save seemed to do nothing.
 */
export function FormFooter({ saving, cancelTo, failed }: { saving: boolean; cancelTo: string; failed?: { message: string | null } | null }) {
  const footer = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [invalid, setInvalid] = useState<Invalid[]>([]);
  // Typed into the form since it was sent: the answer then leaves the focus where the agent is typing
  // (moving it would send her next keys into the wrong field); the summary and messages still show.
  const typedSinceSent = useRef(false);
  useEffect(() => {
    const form = footer.current?.closest("form");
    if (!form) return;
    const sent = () => void (typedSinceSent.current = false);
    const typed = () => void (typedSinceSent.current = true);
    form.addEventListener("submit", sent);
    form.addEventListener("input", typed);
    return () => {
      form.removeEventListener("submit", sent);
      form.removeEventListener("input", typed);
    };
  }, []);
  useEffect(() => {
    const form = footer.current?.closest("form");
    if (!failed || !form) return setInvalid([]);
    const fields = invalidFields(form);
    setInvalid(fields);
    if (!typedSinceSent.current) show(fields[0]?.target ?? summary.current!);
  }, [failed]);
  return (
    <div ref={footer} className="grid gap-3">
      {failed ? (
        <div
          ref={summary}
          tabIndex={-1}
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 focus:outline-2 focus:outline-red-600"
          data-testid="save-summary"
        >
          <p className="font-semibold">{invalid.length > 0 ? ADMIN.notSaved(invalid.length) : ADMIN.notSavedNoFields}</p>
          {failed.message ? <p className="mt-1">{failed.message}</p> : null}
          {invalid.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-x-3">
              {invalid.map((field, i) => (
                <li key={i}>
                  <a
                    href={field.target.id ? `#${field.target.id}` : "#"}
                    className="inline-flex min-h-11 items-center underline"
                    onClick={(event) => {
                      event.preventDefault();
                      show(field.target);
                    }}
                  >
                    {field.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <SubmitButton busy={saving} label={ADMIN.save} busyLabel={ADMIN.saving} className={buttonClass.primary} />
        <Link to={cancelTo} className={buttonClass.secondary}>
          {ADMIN.cancel}
        </Link>
      </div>
    </div>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-sea-600 focus:outline-2 focus:outline-sea-600 aria-[invalid=true]:border-red-600";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-0 text-2xl font-semibold wrap-break-word text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </header>
  );
}

const bannerClass = {
  alert: "rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200",
  status: "rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200",
};

/** A page's or form's message line: a failure is announced at once (alert), a success politely (status); nothing without a message. */
function Banner({ role, message }: { role: keyof typeof bannerClass; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role={role} className={bannerClass[role]}>
      {message}
    </p>
  );
}

export const ErrorBanner = ({ message }: { message: string | null | undefined }) => <Banner role="alert" message={message} />;
export const Notice = ({ message }: { message: string | null | undefined }) => <Banner role="status" message={message} />;

/** The `<option>`s of a select: each key of `order`, labelled from `labels`. */
export function Options<K extends string>({ labels, order }: { labels: Record<K, string>; order: readonly K[] }) {
  return order.map((key) => (
    <option key={key} value={key}>
      {labels[key]}
    </option>
  ));
}

/** A labelled control with its error under it (linked by aria-describedby). */
export function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `field-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A small filled icon (decorative: its button carries the name). */
function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

export const ArrowUpIcon = () => <Icon path="M10 4l6 6-1.4 1.4L11 7.8V16H9V7.8l-3.6 3.6L4 10z" />;
export const ArrowDownIcon = () => <Icon path="M10 16l-6-6 1.4-1.4L9 12.2V4h2v8.2l3.6-3.6L16 10z" />;
export const GripIcon = () => <Icon path="M7 4h2v2H7zm4 0h2v2h-2zM7 9h2v2H7zm4 0h2v2h-2zm-4 5h2v2H7zm4 0h2v2h-2z" />;
