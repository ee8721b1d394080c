/** One thing wrong with one record of an import file, located so a curator can find and fix it. */
export interface RecordProblem {
  /** Line of the file where the record starts (1-based). */
  line: number;
  /** Position of the record among the file's records (1-based). */
  record: number;
  /** The field at fault, dotted for nested ones (previous_roles.0.company); "(record)" for the whole record. */
  field: string;
  message: string;
}

export function describeProblem(p: RecordProblem): string {
  return `line ${p.line} (record ${p.record}): ${p.field}: ${p.message}`;
}

/** The file cannot be read as JSON, NDJSON or CSV at all. Nothing was imported. */
export class ImportFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportFileError';
  }
}

/** Records failed validation or were refused by the store; without --skip-invalid nothing was imported. */
export class ImportValidationError extends Error {
  constructor(readonly problems: RecordProblem[]) {
    const shown = problems.slice(0, 20).map(describeProblem);
    const more = problems.length > shown.length ? [`... and ${problems.length - shown.length} more`] : [];
    super(`Invalid record${problems.length === 1 ? '' : 's'}; nothing was imported:\n  ${[...shown, ...more].join('\n  ')}`);
    this.name = 'ImportValidationError';
  }
}
