/**
 * Reading CSV (RFC 4180) for the import (issue 23 item 7): quoted cells with
 * `""` inside and line breaks inside quotes, CRLF or LF rows, a leading
 * byte-order mark dropped, a `;` or `,` separator (Excel in a Russian or
 * Bulgarian locale writes `;`) taken from the header line. Each row comes
 * with its number as a spreadsheet shows it (the header is row 1, a blank
 * line is an empty row, a cell with line breaks is still one row), for the
 * messages; a broken file is named by its text line.
 */

export interface CsvTable {
  header: string[];
  /** `row`: the spreadsheet's row number (the header is 1). */
  rows: { row: number; cells: string[] }[];
}

/** Columns a file may have: a file 100 000 columns wide would otherwise be parsed and drawn as 100 000 selects. */
export const MAX_CSV_COLUMNS = 200;

/** Why a file is not CSV (the admin says it in Russian: ADMIN.import.reasons). */
export type CsvProblem = "tooManyRows" | "tooManyColumns" | "textAfterQuote" | "quoteInCell" | "unclosedQuote" | "empty";

const PROBLEMS: Record<CsvProblem, string> = {
  tooManyRows: "more than the allowed rows",
  tooManyColumns: "more than the allowed columns",
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

/**
 * The table, or CsvError naming the line; at most `maxRows` data rows and
 * `maxColumns` cells in any row (more: CsvError as soon as the reader meets them).
 */
export function parseCsv(input: string, maxRows: number, maxColumns = MAX_CSV_COLUMNS): CsvTable {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const separator = separatorOf(text);
  const records: { row: number; cells: string[] }[] = [];
  let row = 0;
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let startLine = 1;
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  const endRecord = () => {
    cells.push(cell);
    row++;
    // A blank line is no row of data, but a spreadsheet shows it (an empty row), so it keeps its number.
    if (!(cells.length === 1 && cells[0] === "" && !wasQuoted)) records.push({ row, cells });
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
      if (cells.length + 1 >= maxColumns) throw new CsvError("tooManyColumns", line);
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
