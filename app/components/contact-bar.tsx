import type { MessengerLink } from "~/lib/messengers";

/**
 * The phones' contact bar (issue 22): fixed at the bottom of a property page
 * below the `sm` width, «Позвонить» and the agent's configured messengers.
 * Plain links and CSS, no JavaScript; app.css gives the page room under it
 * (body:has(#contact-bar)), so it covers nothing at the end of the page.
 */
export function ContactBar({
  phone,
  messengers,
  labels,
}: {
  phone: string;
  messengers: MessengerLink[];
  labels: { contactBar: string; call: string; chatIn: string };
}) {
  const item =
    "flex min-h-11 min-w-0 items-center justify-center rounded-lg px-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
  return (
    <nav
      id="contact-bar"
      aria-label={labels.contactBar}
      className="fixed inset-x-0 bottom-0 z-40 grid auto-cols-fr grid-flow-col gap-2 border-t border-slate-200 bg-white/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:hidden print:hidden"
    >
      <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${item} bg-sea-600 text-white hover:bg-sea-700`}>
        {labels.call}
      </a>
      {messengers.map((m) => (
        <a
          key={m.name}
          href={m.href}
          rel="noopener"
          aria-label={labels.chatIn.replace("{name}", m.name)}
          className={`${item} text-sea-800 ring-1 ring-sea-600`}
        >
          {m.name}
        </a>
      ))}
    </nav>
  );
}
