import type { Lang } from "./lang";

/**
 * The small pages sent before the app (app/web/client-error.server.ts, the
 * edge guard, the body limits): an address too long, a bad request, a body
 * too large …, in every language of the site.
 */
export interface SmallPageTexts {
  pages: Record<
    "tooLong" | "badRequest" | "methodNotAllowed" | "requestTimeout" | "tooLarge" | "unsupportedType" | "unreadableForm" | "busy",
    { title: string; text: string }
  >;
  links: { listing: string; home: string; admin: string };
}

export const SMALL_PAGE_TEXTS: Record<Lang, SmallPageTexts> = {
  ru: {
    pages: {
      tooLong: {
        title: "Адрес слишком длинный",
        text: "Адрес страницы слишком длинный (например, очень длинный текст поиска), и сервер не может его обработать. Сократите запрос и попробуйте ещё раз.",
      },
      badRequest: {
        title: "Неверный запрос",
        text: "Адрес страницы содержит недопустимые символы или запрос составлен неверно, и сервер не может его обработать. Проверьте адрес или перейдите к списку объектов.",
      },
      methodNotAllowed: {
        title: "Метод не поддерживается",
        text: "Сервер не выполняет запросы этого вида. Откройте страницу в браузере или перейдите к списку объектов.",
      },
      // A request body that arrives too slowly (app/web/edge-guard.server.ts, watchRequestBody).
      requestTimeout: {
        title: "Время ожидания истекло",
        text: "Данные запроса поступали слишком медленно, и сервер прервал соединение. Проверьте подключение к интернету и попробуйте ещё раз.",
      },
      // Bodies refused by server/body-limits.ts.
      tooLarge: {
        title: "Слишком большой запрос",
        text: "Отправленные данные слишком велики, и сервер их не принял. Сократите текст или файл и попробуйте ещё раз.",
      },
      unsupportedType: {
        title: "Неподдерживаемый формат",
        text: "Здесь сервер принимает только данные формы. Вернитесь на страницу и отправьте форму ещё раз.",
      },
      unreadableForm: { title: "Неверный запрос", text: "Данные формы не удалось прочитать. Вернитесь на страницу и отправьте форму ещё раз." },
      // Too many pages asked at once (app/web/render-gate.server.ts, issue 32).
      busy: { title: "Сайт перегружен", text: "Сейчас сайт получает слишком много запросов. Обновите страницу через несколько секунд." },
    },
    links: { listing: "Все объекты", home: "На главную", admin: "На главную" },
  },
  bg: {
    pages: {
      tooLong: {
        title: "Адресът е твърде дълъг",
        text: "Адресът на страницата е твърде дълъг (например много дълъг текст за търсене) и сървърът не може да го обработи. Съкратете заявката и опитайте отново.",
      },
      badRequest: {
        title: "Невалидна заявка",
        text: "Адресът на страницата съдържа недопустими символи или заявката е съставена неправилно и сървърът не може да я обработи. Проверете адреса или отидете към списъка с имоти.",
      },
      methodNotAllowed: {
        title: "Методът не се поддържа",
        text: "Сървърът не изпълнява заявки от този вид. Отворете страницата в браузър или отидете към списъка с имоти.",
      },
      requestTimeout: {
        title: "Времето за изчакване изтече",
        text: "Данните от заявката пристигаха твърде бавно и сървърът прекъсна връзката. Проверете връзката с интернет и опитайте отново.",
      },
      tooLarge: {
        title: "Заявката е твърде голяма",
        text: "Изпратените данни са твърде големи и сървърът не ги прие. Съкратете текста или файла и опитайте отново.",
      },
      unsupportedType: {
        title: "Неподдържан формат",
        text: "Тук сървърът приема само данни от формуляр. Върнете се на страницата и изпратете формуляра отново.",
      },
      unreadableForm: {
        title: "Невалидна заявка",
        text: "Данните от формуляра не можаха да бъдат прочетени. Върнете се на страницата и изпратете формуляра отново.",
      },
      busy: { title: "Сайтът е претоварен", text: "В момента сайтът получава твърде много заявки. Презаредете страницата след няколко секунди." },
    },
    links: { listing: "Всички имоти", home: "Към началото", admin: "На главную" },
  },
  en: {
    pages: {
      tooLong: {
        title: "Address too long",
        text: "The page address is too long (a very long search text, for example) for the server to handle. Please shorten it and try again.",
      },
      badRequest: {
        title: "Bad request",
        text: "The page address contains characters that are not allowed, or the request is malformed, so the server cannot handle it. Please check the address or go to the list of properties.",
      },
      methodNotAllowed: {
        title: "Method not supported",
        text: "The server does not handle requests of this kind. Please open the page in a browser or go to the list of properties.",
      },
      requestTimeout: {
        title: "Request timed out",
        text: "The request's data arrived too slowly and the server closed the connection. Please check your internet connection and try again.",
      },
      tooLarge: {
        title: "Request too large",
        text: "The data sent is too large and the server did not accept it. Please shorten the text or file and try again.",
      },
      unsupportedType: { title: "Unsupported format", text: "The server only accepts form data here. Please go back to the page and send the form again." },
      unreadableForm: { title: "Bad request", text: "The form data could not be read. Please go back to the page and send the form again." },
      busy: { title: "The site is busy", text: "The site is receiving too many requests right now. Please reload the page in a few seconds." },
    },
    links: { listing: "All properties", home: "Home", admin: "На главную" },
  },
};
