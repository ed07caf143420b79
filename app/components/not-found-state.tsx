import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRIMARY_BUTTON } from "./button-styles";

/**
 * A not-found state inside the site frame (SPEC §2: message and a back link),
 * status 404 — or 410 for a deleted property, with what to see instead (`children`).
 */
export function NotFoundState({
  title,
  text,
  backHref,
  backLabel,
  children,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold text-sea-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <Link to={backHref} className={`inline-flex items-center px-5 py-2 ${PRIMARY_BUTTON}`}>
        {backLabel}
      </Link>
      {children}
    </main>
  );
}
