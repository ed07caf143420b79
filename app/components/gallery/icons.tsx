/** Small stroke icons for the gallery controls (decorative: the buttons carry the names). */
import { type ReactNode } from "react";

type IconProps = { className?: string };

/** A stroke icon: its other shapes (children), then the path `d`. */
function Icon({ className = "size-6", d, children }: IconProps & { d: string; children?: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
      <path d={d} />
    </svg>
  );
}

export const ChevronLeftIcon = (p: IconProps) => <Icon {...p} d="m15 18-6-6 6-6" />;

export const ChevronRightIcon = (p: IconProps) => <Icon {...p} d="m9 18 6-6-6-6" />;

export const CloseIcon = (p: IconProps) => <Icon {...p} d="M18 6 6 18M6 6l12 12" />;

export const ZoomInIcon = (p: IconProps) => (
  <Icon {...p} d="m20 20-3.5-3.5M11 8v6M8 11h6">
    <circle cx="11" cy="11" r="7" />
  </Icon>
);

export const ZoomOutIcon = (p: IconProps) => (
  <Icon {...p} d="m20 20-3.5-3.5M8 11h6">
    <circle cx="11" cy="11" r="7" />
  </Icon>
);

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p} d="M21 3v6h-6">
    <path d="M21 12a9 9 0 1 1-2.64-6.36" />
  </Icon>
);

export const ExpandIcon = (p: IconProps) => <Icon {...p} d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />;

export function Spinner({ className = "size-10" }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" className={`animate-spin motion-reduce:animate-none ${className}`}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
