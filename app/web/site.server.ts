import { getEnv } from "~/platform/env.server";

/** What every public page needs from configuration (contact block, About, canonical URLs). */
export interface SiteConfig {
  origin: string;
  phone: string;
  email: string;
  contactName: string;
  hours: { weekdays: string; saturday: string; sunday: string };
}

export function siteConfig(): SiteConfig {
  const env = getEnv();
  return {
    origin: env.publicUrl,
    phone: env.SITE_PHONE,
    email: env.SITE_EMAIL,
    contactName: env.SITE_CONTACT_NAME,
    hours: { weekdays: env.HOURS_WEEKDAYS, saturday: env.HOURS_SATURDAY, sunday: env.HOURS_SUNDAY },
  };
}
