import type { ImgHTMLAttributes } from "react";
import { imageVariant, VARIANT_WIDTHS } from "~/lib/images";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "./image-fallback";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "ref" | "onError" | "width"> & {
  /** The image (an upload or any URL); none: the placeholder. */
  image: string | null | undefined;
  /** Its width attribute; an upload comes as the smallest WebP copy at least that wide. */
  width: number;
};

/** A picture that shows the placeholder where its image is missing or broken (SPEC §2); below the fold by default (lazy, decoded off the main thread). */
export function FallbackImage({ image, width, loading = "lazy", decoding = "async", ...props }: Props) {
  const variant = VARIANT_WIDTHS.find((w) => w >= width) ?? VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  return (
    <img
      src={image ? imageVariant(image, variant) : PLACEHOLDER_IMAGE}
      width={width}
      loading={loading}
      decoding={decoding}
      {...props}
      ref={placeholderIfBroken}
      onError={showPlaceholder}
    />
  );
}
