/** Command-line options of `npm run seed:demo` (kept apart from the script so tests can import them). */
import { formatCount } from "./progress";
import { DEFAULT_BATCH_SIZE, MAX_DEMO_PROPERTIES } from "./seed";

export const DEFAULT_PROPERTIES = 60;

export const USAGE = `Usage: npm run seed:demo -- [--properties N] [--batch-size B] [--redraw-images]

Tops the catalogue up to N demo listings (default ${DEFAULT_PROPERTIES}): realistic Russian
texts with Bulgarian translations, prices in euro, areas, rooms, features, and
3–8 demo pictures each. Listings already there are counted; only the missing
ones are created, so running it twice never duplicates anything. Locations
without an image get a demo picture.

Options:
  --properties N     the number of listings wanted in total (0–${formatCount(MAX_DEMO_PROPERTIES)}, default ${DEFAULT_PROPERTIES})
  --batch-size B     rows per INSERT (1–2000, default ${DEFAULT_BATCH_SIZE})
  --redraw-images    draw the demo pictures again even if they are already stored
  -h, --help         show this help

Database and files: the same settings as the server (DATA_DIR, default ./data,
or DATABASE_URL). With the embedded database, stop the server first.`;

export interface CliArgs {
  properties: number;
  batchSize: number;
  redrawImages: boolean;
  help: boolean;
}

export class UsageError extends Error {}

function wholeNumber(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || raw.startsWith("--")) throw new UsageError(`${flag} needs a value, e.g. ${flag} 100`);
  const compact = raw.replace(/[_\s]/g, "");
  if (!/^\d+$/.test(compact)) throw new UsageError(`${flag} must be a whole number, got ${JSON.stringify(raw)}`);
  const n = Number(compact);
  if (n < min || n > max) throw new UsageError(`${flag} must be from ${formatCount(min)} to ${formatCount(max)}, got ${raw}`);
  return n;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { properties: DEFAULT_PROPERTIES, batchSize: DEFAULT_BATCH_SIZE, redrawImages: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const [flag, inline] = arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case "--properties":
        args.properties = wholeNumber("--properties", value(), 0, MAX_DEMO_PROPERTIES);
        break;
      case "--batch-size":
        args.batchSize = wholeNumber("--batch-size", value(), 1, 2000);
        break;
      case "--redraw-images":
        args.redrawImages = true;
        break;
      case "-h":
      case "--help":
        args.help = true;
        break;
      default:
        throw new UsageError(`Unknown option ${JSON.stringify(arg)}`);
    }
  }
  return args;
}
