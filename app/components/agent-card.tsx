import type { Dictionary } from "~/i18n";
import { imageSrcSet, imageVariant } from "~/lib/images";
import type { AgentCardData } from "~/lib/agent-card";
import type { MessengerLink } from "~/lib/messengers";

/**
 * The agent card (issue 22, decision 0030): photo, name, languages spoken,
 * phone, e-mail and messengers (or, on the property page, the contact
 * buttons beside it). Server-rendered links, no JavaScript of its
 * own; the 80 px photo is lazy, sized (no layout shift) and served as a
 * 160/320 px WebP variant.
 */
export function AgentCard({
  agent,
  contacts,
  t,
  headingLevel = 2,
  framed = true,
  className = "",
}: {
  agent: AgentCardData;
  /** The contacts to list; null where the page shows them right beside the card (the property page's buttons). */
  contacts: { phone: string; email: string; messengers: MessengerLink[] } | null;
  t: Pick<Dictionary, "agent" | "contact" | "property">;
  headingLevel?: 2 | 3;
  /** A box of its own (home), or part of the box around it (the property page's contact block). */
  framed?: boolean;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const link = "font-semibold text-sea-700 hover:underline";
  return (
    <section aria-labelledby="agent-card-name" className={`flex gap-4 ${framed ? "rounded-2xl p-4 ring-1 ring-slate-200" : ""} ${className}`}>
      {agent.photo ? (
        <img
          src={imageVariant(agent.photo, 160)}
          srcSet={imageSrcSet(agent.photo, [160, 320])}
          sizes="80px"
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          alt=""
          className="size-20 shrink-0 rounded-full bg-sea-50 object-cover"
        />
      ) : null}
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{t.agent.title}</p>
        <Heading id="agent-card-name" className="text-lg font-semibold text-sea-900">
          {agent.name}
        </Heading>
        {agent.languages.length > 0 ? (
          <p className="text-sm text-slate-700">
            {t.agent.languages}: {agent.languages.join(", ")}
          </p>
        ) : null}
        {contacts ? (
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 wrap-anywhere">
            <li>
              <a href={`tel:${contacts.phone.replace(/[^\d+]/g, "")}`} className={link}>
                {contacts.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${contacts.email}`} className={link}>
                {contacts.email}
              </a>
            </li>
            {contacts.messengers.map((m) => (
              <li key={m.name}>
                <a href={m.href} rel="noopener" aria-label={t.property.chatIn.replace("{name}", m.name)} className={link}>
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
