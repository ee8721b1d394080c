import { type Command, Option } from 'commander';
import { EXPORT_FORMATS, type ExportFormat, formatOfPath } from '../../../shared/store/export/export-format.ts';
import { assertExportFile, writeExportFile, writeExportStdout } from '../../../shared/store/export/export-output.ts';
import { EXPORT_ENTITIES, type ExportTarget, exportText } from '../../../shared/store/export/record-exporter.ts';
import { withStore } from './with-store.ts';

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      'Write every designer or open role in the store, listed or not, as an import file: importing it back ' +
        'changes nothing. To standard output, or to --output.',
    )
    .addArgument(program.createArgument('<target>', 'what to export').choices(Object.keys(EXPORT_ENTITIES)))
    .addOption(new Option('--format <format>', 'file format (default: from the --output name, else ndjson)').choices(EXPORT_FORMATS))
    .option('-o, --output <file>', 'write to this file, which appears only once the export is whole')
    .action(async (target: ExportTarget, { format: asked, output }: { format?: ExportFormat; output?: string }) => {
      const format = asked ?? (output ? formatOfPath(output) : null) ?? 'ndjson';
      await withStore(async ({ db }) => {
        const { chunks, written } = exportText(db, target, format);
        const noun = `${EXPORT_ENTITIES[target].noun} record(s)`;
        if (output) {
          await writeExportFile(output, chunks);
          process.stdout.write(`Exported ${written()} ${noun} to ${output} (${format}).\n`);
          return;
        }
        // The records are the standard output; the report goes to standard error.
        const closed = await writeExportStdout(chunks);
        if (!closed) process.stderr.write(`Exported ${written()} ${noun} (${format}).\n`);
      }, output ? { before: () => assertExportFile(output) } : {});
    });
}
