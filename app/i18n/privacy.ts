/**
 * The privacy notice (issue 22) in every language: only the privacy page loads it.
 * Its version is app/lib/privacy.ts's: change both together.
 */
import type { Lang } from "./lang";

export interface PrivacyTexts {
  title: string;
  metaDescription: string;
  version: string;
  controllerTitle: string;
  controller: string;
  registration: string;
  address: string;
  contact: string;
  sections: { title: string; text: string }[];
}

export const PRIVACY_TEXTS: Record<Lang, PrivacyTexts> = {
  ru: {
    title: "Политика конфиденциальности",
    metaDescription: "Какие данные собирает сайт, зачем, как долго хранит и как их удалить.",
    version: "Редакция от {date}",
    controllerTitle: "Кто обрабатывает данные",
    controller: "Администратор персональных данных",
    registration: "ЕИК",
    address: "Адрес",
    contact: "Связь по вопросам данных",
    sections: [
      {
        title: "Какие данные мы получаем",
        text: "Когда вы отправляете форму на сайте — имя, email, телефон (если вы его указали), сообщение и, для подборки, список выбранных объектов. Вместе с запросом сохраняются редакция этой политики, которую вы видели, и время отправки.",
      },
      {
        title: "Зачем",
        text: "Только чтобы ответить на ваш запрос и помочь с выбором и покупкой объекта (ст. 6 (1) (a) и (b) GDPR). Мы не передаём данные третьим лицам для рекламы и не отправляем рассылок без вашего отдельного согласия.",
      },
      {
        title: "Избранное",
        text: "Список избранного хранится только в вашем браузере (localStorage) и не попадает к нам, пока вы сами не отправите подборку агенту.",
      },
      {
        title: "Подписка на новые объекты",
        text: "Если вы подписались на новые объекты, мы храним ваш email, язык, условия поиска, частоту писем, отметку о согласии и какие объекты уже вам отправили. Пока вы не подтвердите подписку по ссылке из первого письма, других писем не будет; неподтверждённая подписка удаляется через 7 дней. В каждом письме есть ссылка «Отписаться от этих писем»: подписка удаляется сразу вместе со всем, что с ней связано.",
      },
      {
        title: "Защита от спама",
        text: "Чтобы ограничить число отправок, сайт учитывает отправки с одного сетевого адреса за последние 10 минут; адрес хранится только в виде хэша.",
      },
      {
        title: "Cookies",
        text: "Сайт ставит только cookie с выбранным языком. Аналитики и рекламных cookies нет.",
      },
      {
        title: "Сколько храним",
        text: "Пока ведётся работа по вашему запросу и, при сделке, столько, сколько требует закон. По вашей просьбе удаляем раньше.",
      },
      {
        title: "Ваши права",
        text: "Вы можете узнать, какие данные о вас хранятся, исправить или удалить их, ограничить обработку или возразить против неё, получить их копию и отозвать согласие — напишите нам. Вы также вправе подать жалобу в Комиссию по защите персональных данных Болгарии (www.cpdp.bg).",
      },
    ],
  },
  bg: {
    title: "Политика за поверителност",
    metaDescription: "Какви данни събира сайтът, защо, колко дълго ги пази и как да ги изтриете.",
    version: "Редакция от {date}",
    controllerTitle: "Кой обработва данните",
    controller: "Администратор на лични данни",
    registration: "ЕИК",
    address: "Адрес",
    contact: "Връзка по въпроси за данните",
    sections: [
      {
        title: "Какви данни получаваме",
        text: "Когато изпратите формуляр от сайта — име, имейл, телефон (ако сте го посочили), съобщение и, за подборка, списъка с избраните имоти. Заедно със запитването се пазят редакцията на тази политика, която сте видели, и часът на изпращане.",
      },
      {
        title: "Защо",
        text: "Само за да отговорим на запитването ви и да помогнем с избора и покупката на имот (чл. 6, пар. 1, букви „а“ и „б“ от GDPR). Не предоставяме данните на трети лица за реклама и не изпращаме бюлетини без отделното ви съгласие.",
      },
      {
        title: "Любими",
        text: "Списъкът с любими се пази само в браузъра ви (localStorage) и не стига до нас, докато сами не изпратите подборката на агента.",
      },
      {
        title: "Известия за нови имоти",
        text: "Ако сте се абонирали за нови имоти, пазим имейла ви, езика, условията на търсене, честотата на писмата, отметката за съгласие и кои имоти вече сме ви изпратили. Докато не потвърдите абонамента от линка в първото писмо, други писма няма да има; непотвърден абонамент се изтрива след 7 дни. Всяко писмо съдържа линк за отписване: абонаментът се изтрива веднага заедно с всичко свързано с него.",
      },
      {
        title: "Защита от спам",
        text: "За да ограничи броя изпращания, сайтът отчита изпращанията от един мрежов адрес за последните 10 минути; адресът се пази само като хеш.",
      },
      {
        title: "Бисквитки",
        text: "Сайтът поставя само бисквитка с избрания език. Няма аналитични и рекламни бисквитки.",
      },
      {
        title: "Колко дълго пазим данните",
        text: "Докато работим по запитването ви и, при сделка, колкото изисква законът. По ваше искане ги изтриваме по-рано.",
      },
      {
        title: "Вашите права",
        text: "Можете да научите какви данни за вас пазим, да ги коригирате или изтриете, да ограничите обработването или да възразите срещу него, да получите копие и да оттеглите съгласието си — пишете ни. Имате право и на жалба до Комисията за защита на личните данни (www.cpdp.bg).",
      },
    ],
  },
  en: {
    title: "Privacy policy",
    metaDescription: "What data the site collects, why, how long it keeps it and how to have it deleted.",
    version: "Version of {date}",
    controllerTitle: "Who processes the data",
    controller: "Data controller",
    registration: "UIC (company number)",
    address: "Address",
    contact: "Contact for data questions",
    sections: [
      {
        title: "What data we receive",
        text: "When you send a form on the site: your name, e-mail, phone (if you gave it), your message and, for a shortlist, the list of properties you chose. With the enquiry we keep the version of this policy you saw and the time it was sent.",
      },
      {
        title: "Why",
        text: "Only to answer your enquiry and to help you choose and buy a property (GDPR Article 6(1)(a) and (b)). We do not pass your data to third parties for advertising and send no newsletters without your separate consent.",
      },
      {
        title: "Favourites",
        text: "Your favourites are kept in your browser only (localStorage) and do not reach us unless you send the shortlist to the agent yourself.",
      },
      {
        title: "New-property alerts",
        text: "If you signed up for alerts, we keep your e-mail, the language, the search, how often to write, your consent and which properties we have already sent you. Until you confirm with the link in the first e-mail nothing else is sent; an unconfirmed alert is deleted after 7 days. Every e-mail has an unsubscribe link: the alert is deleted at once with everything that belongs to it.",
      },
      {
        title: "Protection from spam",
        text: "To limit how often forms can be sent, the site counts the sends from one network address over the last 10 minutes; the address is kept only as a hash.",
      },
      {
        title: "Cookies",
        text: "The site sets only a cookie with the language you chose. There are no analytics or advertising cookies.",
      },
      {
        title: "How long we keep the data",
        text: "While we work on your enquiry and, if you buy, as long as the law requires. We delete it earlier if you ask.",
      },
      {
        title: "Your rights",
        text: "You can find out what data we hold about you, have it corrected or deleted, restrict or object to its processing, get a copy and withdraw your consent — just write to us. You may also complain to Bulgaria's Commission for Personal Data Protection (www.cpdp.bg).",
      },
    ],
  },
};
