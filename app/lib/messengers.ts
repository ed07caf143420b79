/**
 * Messenger links (issue 22): the agent's contacts (SITE_WHATSAPP,
 * SITE_VIBER, SITE_TELEGRAM) and a page shared through each messenger.
 * Plain links: they work without JavaScript.
 */
export interface MessengerContacts {
  whatsapp: string;
  viber: string;
  telegram: string;
}

export interface MessengerLink {
  name: "WhatsApp" | "Viber" | "Telegram";
  href: string;
}

const digits = (phone: string) => phone.replace(/\D/g, "");

/** Links that open a chat with the agent, for the contacts that are configured. */
export function contactLinks(c: MessengerContacts): MessengerLink[] {
  const links: MessengerLink[] = [];
  if (c.whatsapp) links.push({ name: "WhatsApp", href: `https://wa.me/${digits(c.whatsapp)}` });
  if (c.viber) links.push({ name: "Viber", href: `viber://chat?number=%2B${digits(c.viber)}` });
  if (c.telegram) links.push({ name: "Telegram", href: `https://t.me/${c.telegram.replace(/^@/, "")}` });
  return links;
}

/** Links that hand `url` (with `title`) to each messenger. */
export function shareLinks(url: string, title: string): MessengerLink[] {
  const text = encodeURIComponent(`${title} ${url}`);
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${text}` },
    { name: "Viber", href: `viber://forward?text=${text}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
  ];
}
