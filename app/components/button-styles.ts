/** The public site's primary action look (a sea-blue button, 44 px tall for a thumb, a visible focus ring); callers add size and layout. */
export const PRIMARY_BUTTON =
  "min-h-11 rounded-lg bg-sea-600 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-600";
