import { formatPropertyCount } from "~/i18n/plural";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

interface Props {
  name: string;
  slug: string;
  image: string;
  propertyCount: number;
}

/** A location in the home grid: image (placeholder when missing or broken), name, count. */
export function LocationCard({ name, slug, image, propertyCount }: Props) {
  return (
    <a
      href={`/${encodeURIComponent(slug)}`}
      className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-sea-600"
    >
      <img
        src={image || PLACEHOLDER_IMAGE}
        alt=""
        width={400}
        height={300}
        loading="lazy"
        className="aspect-[4/3] w-full object-cover transition group-hover:scale-[1.02]"
        onError={(event) => {
          const img = event.currentTarget;
          if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
        }}
      />
      <div className="flex items-baseline justify-between gap-2 p-4">
        <h3 className="text-lg font-semibold text-sea-900">{name}</h3>
        <span className="text-sm text-slate-600">{formatPropertyCount(propertyCount, "ru")}</span>
      </div>
    </a>
  );
}
