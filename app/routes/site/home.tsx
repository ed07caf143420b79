import { LocationCard } from "~/components/location-card";
import { listLocationsWithCounts } from "~/models/locations.server";
import type { Route } from "./+types/home";

export function meta() {
  return [
    { title: "Недвижимость на побережье Болгарии — квартиры и дома у моря" },
    {
      name: "description",
      content: "Квартиры и дома на болгарском побережье: Созополь, Черноморец, Равда, Бургас, Приморско. Цены в евро.",
    },
  ];
}

export async function loader() {
  const locations = await listLocationsWithCounts();
  return {
    locations: locations.map((l) => ({ id: l.id, name: l.name, slug: l.slug, image: l.image, count: l.property_count })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <section className="bg-gradient-to-b from-sea-100 to-sand-50 px-4 py-14 text-center">
        <h1 className="text-3xl font-bold text-sea-900 sm:text-4xl">Недвижимость на побережье Болгарии</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">Квартиры и дома у моря — от Бургаса до Приморско.</p>
      </section>
      <section id="locations" className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="locations-heading">
        <h2 id="locations-heading" className="mb-6 text-2xl font-semibold text-sea-900">
          Локации
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.locations.map((l) => (
            <li key={l.id}>
              <LocationCard name={l.name} slug={l.slug} image={l.image} propertyCount={l.count} />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
