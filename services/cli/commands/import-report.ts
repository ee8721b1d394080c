import type { ImportResult } from '../../../shared/store/import/record-importer.ts';
import { describeProblem } from '../../../shared/store/import/import.errors.ts';

export function writeImportReport(noun: string, file: string, result: ImportResult, options: { dryRun?: boolean } = {}): void {
  const imported = result.inserted + result.updated + result.unchanged;
  const counts = `${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged`;
  process.stdout.write(
    options.dryRun
      ? `Dry run, nothing was written: importing ${file} would import ${imported} of ${result.total} ${noun} record(s): ${counts}.\n`
      : `Imported ${imported} of ${result.total} ${noun} record(s) from ${file}: ${counts}.\n`,
  );
  if (result.skipped.length > 0) {
    process.stdout.write(`${options.dryRun ? 'It would skip' : 'Skipped'} ${result.skipped.length} invalid record(s):\n`);
    for (const skipped of result.skipped) {
      for (const problem of skipped.problems) process.stdout.write(`  ${describeProblem(problem)}\n`);
    }
  }
}
