/**
 * Saved-search alerts (issue 22): the answers of POST /alerts and of the
 * confirmation and unsubscribe links in every language (only those pages load it).
 */
import type { Lang } from "./lang";

export interface AlertPageTexts {
  title: string;
  /** The same answer whether or not the address was already subscribed (no enumeration). */
  subscribed: string;
  back: string;
  invalidEmail: string;
  invalidQuery: string;
  invalidLang: string;
  invalidFrequency: string;
  consentRequired: string;
  rateLimited: string;
  failure: string;
  confirmedTitle: string;
  confirmed: string;
  alreadyConfirmed: string;
  unknownTitle: string;
  unknown: string;
  expiredTitle: string;
  expired: string;
  unsubscribeTitle: string;
  unsubscribeQuestion: string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribed: string;
  search: string;
  toListing: string;
  /** Another method than the page takes (405), e.g. a PUT to an e-mail's link. */
  methodNotAllowed: string;
  /** A saved search in words (./alert-search.ts): the parts the listing's labels do not name. */
  describe: { price: string; area: string; from: string; to: string; bedrooms: string; toSea: string; words: string };
}

export const ALERT_PAGE_TEXTS: Record<Lang, AlertPageTexts> = {
  ru: {
    title: "Подписка на новые объекты",
    subscribed: "Проверьте почту: мы отправили письмо со ссылкой для подтверждения подписки. Без подтверждения писем не будет.",
    back: "Вернуться к поиску",
    invalidEmail: "Пожалуйста, введите действительный email",
    invalidQuery: "Параметры поиска не распознаны или слишком длинные.",
    invalidLang: "Неизвестный язык подписки.",
    invalidFrequency: "Выберите, как часто присылать письма: сразу или раз в день.",
    consentRequired: "Отметьте согласие на получение писем.",
    rateLimited: "Вы отправили слишком много запросов. Пожалуйста, попробуйте позже.",
    failure: "Не удалось оформить подписку. Пожалуйста, попробуйте позже.",
    confirmedTitle: "Подписка подтверждена",
    confirmed: "Спасибо! Теперь мы будем сообщать о новых объектах по вашему поиску.",
    alreadyConfirmed: "Подписка уже подтверждена.",
    unknownTitle: "Ссылка недействительна",
    unknown: "Такой ссылки нет: возможно, подписка уже отменена или ссылка скопирована не полностью.",
    expiredTitle: "Срок ссылки истёк",
    expired: "Подписку не подтвердили за 7 дней, и она удалена. Подпишитесь ещё раз на странице поиска.",
    unsubscribeTitle: "Отписка от писем",
    unsubscribeQuestion: "Больше не присылать письма по этому поиску?",
    unsubscribeButton: "Отписаться",
    unsubscribedTitle: "Вы отписались",
    unsubscribed: "Писем по этому поиску больше не будет.",
    search: "Поиск",
    toListing: "Открыть поиск",
    methodNotAllowed: "Эта ссылка открывается в браузере: перейдите по ней из письма.",
    describe: {
      price: "цена",
      area: "площадь",
      from: "от {value}",
      to: "до {value}",
      bedrooms: "спален от {n}",
      toSea: "до моря не дальше {distance}",
      words: "слова «{words}»",
    },
  },
  bg: {
    title: "Абонамент за нови имоти",
    subscribed: "Проверете пощата си: изпратихме писмо с връзка за потвърждение на абонамента. Без потвърждение няма да получавате писма.",
    back: "Обратно към търсенето",
    invalidEmail: "Моля, въведете валиден имейл",
    invalidQuery: "Параметрите на търсенето не са разпознати или са твърде дълги.",
    invalidLang: "Непознат език на абонамента.",
    invalidFrequency: "Изберете колко често да Ви пишем: веднага или веднъж на ден.",
    consentRequired: "Отбележете съгласието си да получавате писма.",
    rateLimited: "Изпратихте твърде много заявки. Моля, опитайте по-късно.",
    failure: "Абонаментът не беше създаден. Моля, опитайте по-късно.",
    confirmedTitle: "Абонаментът е потвърден",
    confirmed: "Благодарим Ви! Вече ще Ви пишем за нови имоти по Вашето търсене.",
    alreadyConfirmed: "Абонаментът вече е потвърден.",
    unknownTitle: "Невалидна връзка",
    unknown: "Няма такава връзка: може би абонаментът вече е прекратен или връзката не е копирана изцяло.",
    expiredTitle: "Връзката е изтекла",
    expired: "Абонаментът не беше потвърден в срок от 7 дни и е изтрит. Абонирайте се отново от страницата на търсенето.",
    unsubscribeTitle: "Отписване от писмата",
    unsubscribeQuestion: "Да не Ви пишем повече по това търсене?",
    unsubscribeButton: "Отпишете ме",
    unsubscribedTitle: "Отписахте се",
    unsubscribed: "Няма да получавате повече писма по това търсене.",
    search: "Търсене",
    toListing: "Към търсенето",
    methodNotAllowed: "Тази връзка се отваря в браузъра: последвайте я от писмото.",
    describe: {
      price: "цена",
      area: "площ",
      from: "от {value}",
      to: "до {value}",
      bedrooms: "спални от {n}",
      toSea: "до морето не повече от {distance}",
      words: "думи „{words}“",
    },
  },
  en: {
    title: "New-property alerts",
    subscribed: "Please check your inbox: we have sent you an e-mail with a link to confirm your alert. Nothing will be sent until you confirm.",
    back: "Back to the search",
    invalidEmail: "Please enter a valid email",
    invalidQuery: "The search could not be read or is too long.",
    invalidLang: "Unknown alert language.",
    invalidFrequency: "Choose how often to e-mail you: at once or once a day.",
    consentRequired: "Please tick your consent to receive e-mails.",
    rateLimited: "You have sent too many requests. Please try again later.",
    failure: "The alert could not be created. Please try again later.",
    confirmedTitle: "Alert confirmed",
    confirmed: "Thank you! We will now e-mail you about new properties matching your search.",
    alreadyConfirmed: "This alert is already confirmed.",
    unknownTitle: "Invalid link",
    unknown: "There is no such link: the alert may have been cancelled already, or the link was not copied in full.",
    expiredTitle: "The link has expired",
    expired: "The alert was not confirmed within 7 days and has been deleted. Please sign up again on the search page.",
    unsubscribeTitle: "Unsubscribe",
    unsubscribeQuestion: "Stop e-mailing me about this search?",
    unsubscribeButton: "Unsubscribe",
    unsubscribedTitle: "You have unsubscribed",
    unsubscribed: "You will get no more e-mails about this search.",
    search: "Search",
    toListing: "Open the search",
    methodNotAllowed: "This link opens in a browser: please follow it from the e-mail.",
    describe: {
      price: "price",
      area: "area",
      from: "from {value}",
      to: "up to {value}",
      bedrooms: "{n}+ bedrooms",
      toSea: "no more than {distance} to the sea",
      words: "the words “{words}”",
    },
  },
};
