import { Form, Link } from "react-router";
import { AgentCard } from "~/components/agent-card";
import { ContactForm } from "~/components/contact-form";
import { LocationCard } from "~/components/location-card";
import { LocationSelect } from "~/components/location-select";
import { PropertyCardList } from "~/components/property-card";
import { dictionary, fill, localizePath, locationPathIn, placeName, type Dictionary, type Lang } from "~/i18n";
import { shownImage } from "~/lib/image-keys";
import { HOME_ROW_SIZE, localizeCards, type ListingItem } from "~/lib/listing";
import { listingHref } from "~/lib/listing-query";
import { pageMeta } from "~/lib/seo";
import { listLocationsWithCounts } from "~/models/locations.server";
import { handleContactAction } from "~/web/contact-action.server";
import { contactClientAction, contactShouldRevalidate } from "~/web/contact-client-action";
import { listingEngine, requestInfo } from "~/context";
import { agentCardData, contactPageData, pageContext } from "~/web/page.server";
import type { Route } from "./+types/home";
import { PRIMARY_BUTTON } from "~/components/button-styles";

/**
 * Cards per home row: three fill a desktop row and keep the page's first load
 * within budget (docs/benchmarks.md); the cards are lazy below the fold.
 */

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = contactPageData(url);
  const { lang } = page;
  const [locations, highlights, agent] = await Promise.all([
    listLocationsWithCounts(),
    context.get(listingEngine).highlights({ limit: HOME_ROW_SIZE }),
    agentCardData(lang),
  ]);
  return {
    ...page,
    locations: locations.map((l) => ({
      id: l.id,
      name: placeName(lang, l),
      path: locationPathIn(lang, l),
      // Any spelling of an upload is shown from its /upload/ path (decision 0031).
      image: shownImage(l.image) ?? "",
      count: l.property_count,
    })),
    // Only the page's language's texts go to the browser (issue 31).
    featured: localizeCards(lang, highlights.featured),
    newest: localizeCards(lang, highlights.newest),
    agent,
  };
}

export async function action({ url, request, context }: Route.ActionArgs) {
  const { lang } = pageContext(url);
  return handleContactAction(request, lang, context.get(requestInfo).ip);
}

// A post that gets no answer from the action shows the form's failure banner (not the error screen).
export const clientAction = contactClientAction;
// … and then keeps the page as it is, without reloading its data (which offline would fail too).
export const shouldRevalidate = contactShouldRevalidate;

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const t = dictionary(data.lang);
  return pageMeta({
    origin: data.origin,
    lang: data.lang,
    path: "/",
    title: t.home.title,
    description: t.home.description,
    image: "/images/hero-1600.webp",
    imageAlt: t.home.heroAlt,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { lang, locations } = loaderData;
  const t = dictionary(lang);
  const select =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-sea-600 focus:outline-2 focus:outline-sea-600";
  return (
    <main>
      <section className="relative isolate overflow-hidden bg-sea-900">
        <img
          src="/images/hero-1600.webp"
          srcSet="/images/hero-800.webp 800w, /images/hero-1600.webp 1600w"
          sizes="100vw"
          alt={t.home.heroAlt}
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70"
        />
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-16 sm:pb-16 sm:pt-24">
          <h1 className="max-w-2xl text-3xl font-bold text-white drop-shadow sm:text-5xl">{t.home.heroTitle}</h1>
          <p className="mt-4 max-w-xl text-lg text-white drop-shadow">{t.home.heroText}</p>
          {/* A GET form: the browser sends only the chosen fields once empty ones are disabled. */}
          <Form
            method="get"
            action={localizePath(lang, "/properties")}
            aria-label={t.home.searchTitle}
            className="mt-8 grid gap-3 rounded-2xl bg-white/95 p-4 shadow-lg sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(event) => {
              for (const el of Array.from(event.currentTarget.elements)) {
                if (el instanceof HTMLSelectElement && el.value === "") el.disabled = true;
              }
            }}
          >
            <label className="text-sm font-medium text-slate-800">
              {t.home.searchLocation}
              <LocationSelect name="location" defaultValue="" locations={locations} emptyLabel={t.home.anyLocation} className={select} />
            </label>
            <label className="text-sm font-medium text-slate-800">
              {t.home.searchType}
              <select name="type" defaultValue="" className={select}>
                <option value="">{t.home.anyType}</option>
                <option value="apartment">{t.listing.types.apartment}</option>
                <option value="house">{t.listing.types.house}</option>
              </select>
            </label>
            <button type="submit" className={`px-6 py-2.5 ${PRIMARY_BUTTON}`}>
              {t.home.searchSubmit}
            </button>
          </Form>
        </div>
      </section>

      <PropertyRow
        id="featured"
        title={t.home.featuredTitle}
        items={loaderData.featured}
        lang={lang}
        t={t}
        more={t.home.allProperties}
        moreHref={localizePath(lang, "/properties")}
      />
      <PropertyRow
        id="newest"
        title={t.home.newestTitle}
        items={loaderData.newest}
        lang={lang}
        t={t}
        more={t.home.allNewest}
        moreHref={listingHref(localizePath(lang, "/properties"), { sort: "newest" })}
      />

      <section id="locations" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12" aria-labelledby="locations-heading">
        <h2 id="locations-heading" className="text-2xl font-semibold text-sea-900 sm:text-3xl">
          {t.home.locationsTitle}
        </h2>
        <p className="mt-1 text-slate-600">{t.home.locationsText}</p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {locations.map((l) => (
            <li key={l.id}>
              <LocationCard name={l.name} href={localizePath(lang, l.path)} image={l.image} propertyCount={l.count} lang={lang} />
            </li>
          ))}
        </ul>
      </section>

      <section id="about" className="below-fold scroll-mt-20 bg-white py-12" aria-labelledby="about-heading">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-2">
          <div>
            <h2 id="about-heading" className="text-2xl font-semibold text-sea-900 sm:text-3xl">
              {t.about.title}
            </h2>
            <p className="mt-3 text-lg font-medium text-slate-800">{t.about.lead}</p>
            {/* The agent card's name (/admin/agent), as the card beside it: not the configured one. */}
            <p className="mt-3 text-slate-700">{fill(t.about.text, { name: loaderData.agent.name })}</p>
            <p className="mt-3 font-medium text-sea-900">{fill(t.about.person, { name: loaderData.agent.name })}</p>
            <AgentCard
              agent={loaderData.agent}
              contacts={{ phone: loaderData.phone, email: loaderData.email, messengers: loaderData.messengers }}
              t={t}
              headingLevel={3}
              className="mt-4 bg-white"
            />
          </div>
          <dl className="grid grid-cols-3 gap-4 self-center text-center">
            {[
              ["13+", t.about.stats.years],
              ["10+", t.about.stats.locations],
              ["100+", t.about.stats.properties],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse rounded-2xl bg-sea-50 p-4">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-3xl font-bold text-sea-700">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="contact" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12" aria-labelledby="contact-heading">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="contact-heading" className="text-2xl font-semibold text-sea-900 sm:text-3xl">
              {t.contact.title}
            </h2>
            <p className="mt-2 text-slate-700">{t.contact.text}</p>
            <dl className="mt-6 space-y-3">
              <div>
                <dt className="text-sm text-slate-600">{t.contact.phone}</dt>
                <dd>
                  <a href={`tel:${loaderData.phone.replace(/[^\d+]/g, "")}`} className="text-lg font-semibold text-sea-700 hover:underline">
                    {loaderData.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t.contact.email}</dt>
                <dd>
                  <a href={`mailto:${loaderData.email}`} className="text-lg font-semibold text-sea-700 hover:underline">
                    {loaderData.email}
                  </a>
                </dd>
              </div>
              {loaderData.messengers.length > 0 ? (
                <div>
                  <dt className="text-sm text-slate-600">{t.contact.messengers}</dt>
                  <dd className="flex flex-wrap gap-x-4">
                    {loaderData.messengers.map((m) => (
                      <a key={m.name} href={m.href} rel="noopener" className="text-lg font-semibold text-sea-700 hover:underline">
                        {m.name}
                      </a>
                    ))}
                  </dd>
                </div>
              ) : null}
            </dl>
          </div>
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h3 className="mb-4 text-lg font-semibold">{t.contact.formTitle}</h3>
            <ContactForm t={t} />
          </div>
        </div>
      </section>
    </main>
  );
}

/** A row of property cards under a heading, with a link to the full listing (issue 20); nothing when empty. */
function PropertyRow(props: { id: string; title: string; items: ListingItem[]; lang: Lang; t: Dictionary; more: string; moreHref: string }) {
  const { id, title, items, lang, t } = props;
  if (items.length === 0) return null;
  return (
    <section id={id} className="mx-auto max-w-6xl scroll-mt-20 px-4 pt-12" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-sea-900 sm:text-3xl">
          {title}
        </h2>
        <Link
          to={props.moreHref}
          className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-sea-600"
        >
          {props.more}
        </Link>
      </div>
      {/* A row a phone swipes through (the next card peeks in); a grid from tablets up. */}
      <PropertyCardList
        items={items}
        lang={lang}
        t={t}
        className="-mx-4 mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3"
        itemClassName="flex w-[85%] shrink-0 snap-start sm:w-auto"
      />
    </section>
  );
}
