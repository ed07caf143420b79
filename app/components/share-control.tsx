import { useState } from "react";
import type { MessengerLink } from "~/lib/messengers";

export interface ShareLabels {
  share: string;
  copyLink: string;
  copied: string;
  shareLink: string;
}

/**
 * «Поделиться» on a property page (issue 22): the system's share sheet
 * where the browser has the Web Share API; otherwise (and without
 * JavaScript: a <details>) Viber, WhatsApp, Telegram and the link to copy.
 */
export function ShareControl({ url, title, links, labels }: { url: string; title: string; links: MessengerLink[]; labels: ShareLabels }) {
  const [copied, setCopied] = useState(false);
  // The box shows the address as people read it (Cyrillic, not %D0%…); copying it gives the valid, encoded one (issue 30).
  let readable = url;
  try {
    readable = decodeURI(url);
  } catch {
    // Not valid percent-encoding: shown as it is.
  }
  const button = "inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-sea-700 ring-1 ring-sea-600 hover:bg-sea-50";
  return (
    <details className="relative">
      <summary
        onClick={(event) => {
          if (typeof navigator.share !== "function") return;
          event.preventDefault();
          navigator.share({ title, url }).catch(() => undefined);
        }}
        className={`${button} cursor-pointer list-none focus-visible:outline-2 focus-visible:outline-sea-600 [&::-webkit-details-marker]:hidden`}
      >
        {labels.share}
      </summary>
      <div className="absolute left-0 z-20 mt-2 w-[min(18rem,80vw)] rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200">
        <ul className="flex flex-wrap gap-2">
          {links.map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={button}>
                {link.name}
              </a>
            </li>
          ))}
        </ul>
        <label htmlFor="share-url" className="mt-3 block text-sm text-slate-700">
          {labels.shareLink}
        </label>
        <input
          id="share-url"
          readOnly
          value={readable}
          onFocus={(e) => e.currentTarget.select()}
          onCopy={(e) => {
            e.preventDefault();
            e.clipboardData.setData("text/plain", url);
          }}
          className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-2 text-sm"
        />
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            )
          }
          className={`${button} mt-2`}
        >
          {labels.copyLink}
        </button>
        <p role="status" className="mt-1 text-sm text-emerald-800">
          {copied ? labels.copied : ""}
        </p>
      </div>
    </details>
  );
}
