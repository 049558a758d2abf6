import {
  EMAIL_PATTERN,
  type ImportRowProblem,
  INPUT_LIMITS,
  isStorableText,
  NEWSLETTER_LIMITS,
  normalizeEmail,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';

/*
 * Reading a subscriber CSV (spec §2 /me/subscribers/import): RFC 4180 fields (quotes, doubled quotes, CRLF),
 * a comma, semicolon or tab between them, one address a row with an optional name, a header row optional.
 * Each row comes out valid, repeated, or invalid with its reason; nothing here touches the database.
 */

/** A row with an address that may be invited. */
export interface ImportCandidate {
  /** The row's line in the file, from 1. */
  row: number;
  email: string;
  name: string;
}

/** A row that cannot be imported, and why. */
export interface ImportInvalidRow {
  row: number;
  value: string;
  problem: ImportRowProblem;
}

export interface ParsedSubscriberCsv {
  valid: ImportCandidate[];
  /** Rows whose address came earlier in the file. */
  duplicates: ImportCandidate[];
  invalid: ImportInvalidRow[];
}

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** The rows of a CSV text as arrays of fields; blank lines are skipped, each row keeps its line number. */
function csvRows(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (quoted) throw refuse(texts.notCsv);
  endRow();
  return rows;
}

/** The separator the first line uses: a comma unless it has none and a semicolon or tab instead. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  return first.includes('\t') ? '\t' : ',';
}

/** Which columns hold the address and the name: from a header row when there is one, else the first two. */
function columnsOf(first: string[]): { header: boolean; email: number; name: number } {
  if (first.some((f) => f.includes('@'))) {
    const email = first.findIndex((f) => f.includes('@'));
    return { header: false, email, name: email === 0 ? 1 : 0 };
  }
  const labels = first.map((f) => f.trim().toLowerCase());
  const email = labels.findIndex((l) => /e-?mail/.test(l));
  const name = labels.findIndex((l, i) => i !== email && /name/.test(l));
  return {
    header: true,
    email: Math.max(email, 0),
    name: name >= 0 ? name : email <= 0 ? 1 : 0,
  };
}

/** Why an address (as typed, trimmed) cannot be imported, or null when it can. */
export function addressProblem(value: string): ImportRowProblem | null {
  if (!isStorableText(value)) return 'invalidCharacters';
  if (value.length > INPUT_LIMITS.email) return 'tooLong';
  return EMAIL_PATTERN.test(value) ? null : 'invalidEmail';
}

/** Why a name cannot be kept, or null when it can. */
export function nameProblem(value: string): ImportRowProblem | null {
  if (!isStorableText(value)) return 'invalidCharacters';
  return value.length > NEWSLETTER_LIMITS.nameMax ? 'nameTooLong' : null;
}

/** Refuses a file over the size or row limits before reading it row by row. */
export function checkImportLimits(text: string): void {
  if (Buffer.byteLength(text, 'utf8') > SUBSCRIBER_IMPORT_MAX_BYTES) throw refuse(texts.fileTooLarge);
  let newlines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (++newlines > SUBSCRIBER_IMPORT_MAX_ROWS) throw refuse(texts.tooManyRows);
  }
}

/**
 * Reads a subscriber CSV into valid, repeated and invalid rows. A file over the limits, with no row, or with no
 * address-like field at all (not a CSV of addresses) is refused with a clear message.
 */
export function parseSubscriberCsv(text: string): ParsedSubscriberCsv {
  checkImportLimits(text);
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw refuse(texts.emptyFile);
  const rows = csvRows(body, delimiterOf(body));
  if (rows.length > SUBSCRIBER_IMPORT_MAX_ROWS) throw refuse(texts.tooManyRows);
  if (!rows.some((r) => r.fields.some((f) => f.includes('@')))) throw refuse(texts.notCsv);
  const columns = columnsOf(rows[0]!.fields);
  const out: ParsedSubscriberCsv = { valid: [], duplicates: [], invalid: [] };
  const seen = new Set<string>();
  for (const { line, fields } of columns.header ? rows.slice(1) : rows) {
    const value = (fields[columns.email] ?? '').trim();
    const name = (fields[columns.name] ?? '').trim();
    const problem = addressProblem(value) ?? nameProblem(name);
    if (problem) {
      out.invalid.push({ row: line, value: isStorableText(value) ? value.slice(0, 300) : '', problem });
      continue;
    }
    const email = normalizeEmail(value);
    const candidate = { row: line, email, name };
    if (seen.has(email)) out.duplicates.push(candidate);
    else {
      seen.add(email);
      out.valid.push(candidate);
    }
  }
  return out;
}
