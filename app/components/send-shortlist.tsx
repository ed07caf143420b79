import { ContactForm } from "./contact-form";
import { dictionary, type Lang } from "~/i18n";
import { SHORTLIST_TEXTS } from "~/i18n/shortlist";

/** «Отправить подборку агенту» (issue 22): the contact form, with the list's properties. */
export function SendShortlist({ lang, ids }: { lang: Lang; ids: string[] }) {
  const t = dictionary(lang);
  const s = SHORTLIST_TEXTS[lang];
  if (ids.length === 0) return null;
  return (
    <section className="mt-10 max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="send-heading">
      <h2 id="send-heading" className="text-xl font-semibold text-sea-900">
        {s.send.title}
      </h2>
      <p className="mb-4 mt-1 text-slate-700">{s.send.text}</p>
      <ContactForm t={t} hidden={{ property_ids: ids.join(",") }} defaultMessage={s.send.message} />
    </section>
  );
}
