import type { MessengerLink } from "~/lib/messengers";

/**
 * The phones' contact bar (issue 22): fixed at the bottom of a property page
 * below the `sm` width, «Позвонить» and the agent's configured messengers.
 * Plain links and CSS, no JavaScript; opaque, so the page never shows through; app.css gives the page room under it
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
  // One line each at 360 px (issue 30): every link as wide as its label, the spare room shared.
  const item =
    "flex min-h-11 flex-auto items-center justify-center whitespace-nowrap rounded-lg text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
  return (
    <nav
      id="contact-bar"
      aria-label={labels.contactBar}
      className="fixed inset-x-0 bottom-0 z-40 flex gap-1.5 border-t border-slate-200 bg-white px-2 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:hidden print:hidden"
    >
      <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${item} bg-sea-600 px-2 text-white hover:bg-sea-700`}>
        {labels.call}
      </a>
      {messengers.map((m) => (
        <a
          key={m.name}
          href={m.href}
          rel="noopener"
          aria-label={labels.chatIn.replace("{name}", m.name)}
          className={`${item} px-1 text-sea-800 ring-1 ring-sea-600`}
        >
          {m.name}
        </a>
      ))}
    </nav>
  );
}
