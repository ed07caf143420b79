/**
 * Reading CSV (RFC 4180) for the import (issue 23 item 7): quoted cells with
 * `""` inside and line breaks inside quotes, CRLF or LF rows, a leading
 * byte-order mark dropped, a `;` or `,` separator (Excel in a Russian or
 * Bulgarian locale writes `;`) taken from the header line. The rows come
 * with the line each starts on, for the messages.
 */

export interface CsvTable {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

/** Why a file is not CSV (the admin says it in Russian: ADMIN.import.reasons). */
export type CsvProblem = "tooManyRows" | "textAfterQuote" | "quoteInCell" | "unclosedQuote" | "empty";

const PROBLEMS: Record<CsvProblem, string> = {
  tooManyRows: "more than the allowed rows",
  textAfterQuote: "text after a closing quote",
  quoteInCell: "a quote inside an unquoted cell",
  unclosedQuote: "a quoted cell is not closed",
  empty: "the file is empty",
};

export class CsvError extends Error {
  constructor(
    readonly problem: CsvProblem,
    readonly line: number,
  ) {
    super(`${PROBLEMS[problem]} (line ${line})`);
  }
}

/** Whether the first line's separator is `;` (more of them than commas outside quotes). */
function separatorOf(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** The table, or CsvError naming the line; at most `maxRows` data rows (more: CsvError). */
export function parseCsv(input: string, maxRows: number): CsvTable {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const separator = separatorOf(text);
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let startLine = 1;
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  const endRecord = () => {
    cells.push(cell);
    // A blank line is no row.
    if (!(cells.length === 1 && cells[0] === "" && !wasQuoted)) records.push({ line: startLine, cells });
    if (records.length > maxRows + 1) throw new CsvError("tooManyRows", startLine);
    cells = [];
    cell = "";
    wasQuoted = false;
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== separator && next !== "\r" && next !== "\n") throw new CsvError("textAfterQuote", line);
        continue;
      }
      if (char === "\n") line++;
      cell += char;
      i++;
      continue;
    }
    if (char === '"') {
      if (cell !== "") throw new CsvError("quoteInCell", line);
      quoted = true;
      wasQuoted = true;
      i++;
      continue;
    }
    if (char === separator) {
      cells.push(cell);
      cell = "";
      i++;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      startLine = line;
      continue;
    }
    cell += char;
    i++;
  }
  if (quoted) throw new CsvError("unclosedQuote", startLine);
  if (cell !== "" || cells.length > 0 || wasQuoted) endRecord();
  const [head, ...rows] = records;
  if (!head) throw new CsvError("empty", 1);
  return { header: head.cells.map((name) => name.trim()), rows };
}
