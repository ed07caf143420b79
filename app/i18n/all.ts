import { bg } from "./bg";
import { addDictionaries } from "./index";
import { ru } from "./ru";

// Both languages' texts, for code that serves either: the server (entry.server.tsx and the feeds), the tests and scripts.
addDictionaries({ ru, bg });
