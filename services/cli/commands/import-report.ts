import type { ImportResult } from '../../../shared/store/import/record.importer.ts';
import { describeProblem } from '../../../shared/store/import/import.errors.ts';

export function writeImportReport(noun: string, file: string, result: ImportResult): void {
  const imported = result.inserted + result.updated + result.unchanged;
  process.stdout.write(
    `Imported ${imported} of ${result.total} ${noun} record(s) from ${file}: ` +
      `${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged.\n`,
  );
  if (result.skipped.length > 0) {
    process.stdout.write(`Skipped ${result.skipped.length} invalid record(s):\n`);
    for (const skipped of result.skipped) {
      for (const problem of skipped.problems) process.stdout.write(`  ${describeProblem(problem)}\n`);
    }
  }
}
