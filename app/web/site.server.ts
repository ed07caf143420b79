import { contactLinks, type MessengerLink } from "~/lib/messengers";
import { getEnv } from "~/platform/env.server";

/** What every public page needs from configuration (contact block, About, canonical URLs). */
export interface SiteConfig {
  origin: string;
  phone: string;
  email: string;
  contactName: string;
  hours: { weekdays: string; saturday: string; sunday: string };
  /** Chats with the agent (issue 22): SITE_WHATSAPP, SITE_VIBER, SITE_TELEGRAM as links, the configured ones only. */
  messengers: MessengerLink[];
  /** The privacy page's data controller (issue 22). */
  controller: { name: string; address: string; id: string };
}

export function siteConfig(): SiteConfig {
  const env = getEnv();
  return {
    origin: env.publicUrl,
    phone: env.SITE_PHONE,
    email: env.SITE_EMAIL,
    contactName: env.SITE_CONTACT_NAME,
    hours: { weekdays: env.HOURS_WEEKDAYS, saturday: env.HOURS_SATURDAY, sunday: env.HOURS_SUNDAY },
    messengers: contactLinks({ whatsapp: env.SITE_WHATSAPP, viber: env.SITE_VIBER, telegram: env.SITE_TELEGRAM }),
    controller: { name: env.PRIVACY_CONTROLLER, address: env.PRIVACY_CONTROLLER_ADDRESS, id: env.PRIVACY_CONTROLLER_ID },
  };
}
