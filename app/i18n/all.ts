import { bg } from "./bg";
import { en } from "./en";
import { addDictionaries } from "./index";
import { ru } from "./ru";

// Every language's texts, for code that serves any: the server (entry.server.tsx and the feeds), the tests and scripts.
addDictionaries({ ru, bg, en });
