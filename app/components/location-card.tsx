import { Link } from "react-router";
import { formatPropertyCount } from "~/i18n/plural";
import { imageSrcSet } from "~/lib/images";
import type { Lang } from "~/i18n/lang";
import { FallbackImage } from "./fallback-image";

interface Props {
  name: string;
  href: string;
  image: string;
  propertyCount: number;
  lang: Lang;
}

/** A location in the home grid (SPEC §2): image (placeholder when missing or broken), name, count. */
export function LocationCard({ name, href, image, propertyCount, lang }: Props) {
  return (
    <Link
      to={href}
      className="below-fold-88 group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-sea-600"
    >
      <FallbackImage
        image={image}
        srcSet={image ? imageSrcSet(image, [320, 640, 960]) : undefined}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        alt=""
        width={400}
        height={300}
        className="aspect-[4/3] w-full bg-sea-100 object-cover transition group-hover:scale-[1.02]"
      />
      <div className="flex items-baseline justify-between gap-2 p-4">
        <h3 className="text-lg font-semibold text-sea-900">{name}</h3>
        <span className="text-sm text-slate-600">{formatPropertyCount(propertyCount, lang)}</span>
      </div>
    </Link>
  );
}
