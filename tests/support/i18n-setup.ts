// Both languages' texts for every test (the browser loads only its page's: app/i18n/index.ts).
import "~/i18n/all";
