import type { ImgHTMLAttributes } from "react";
import { imageVariant, type VariantWidth } from "~/lib/images";
import { PLACEHOLDER_IMAGE, placeholderIfBroken, showPlaceholder } from "./image-fallback";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "ref" | "onError"> & {
  /** The image (an upload or any URL); none: the placeholder. */
  image: string | null | undefined;
  /** The width of the WebP copy an upload is shown in. */
  variant: VariantWidth;
};

/** A picture that shows the placeholder where its image is missing or broken (SPEC §2). */
export function FallbackImage({ image, variant, ...props }: Props) {
  return <img src={image ? imageVariant(image, variant) : PLACEHOLDER_IMAGE} {...props} ref={placeholderIfBroken} onError={showPlaceholder} />;
}
