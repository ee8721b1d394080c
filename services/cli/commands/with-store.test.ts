import { describe, expect, it } from 'vitest';
import { RecordsRefusedError } from '../../../shared/store/curate/record-keys.ts';
import { RepeatedDeadlockError } from '../../../shared/store/deadlock-retry.policy.ts';
import { ExportFileError } from '../../../shared/store/export/export-output.ts';
import { ImportFileError, ImportValidationError } from '../../../shared/store/import/import.errors.ts';
import { curatorErrorMessage } from './with-store.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('curatorErrorMessage: what a store command that did not do its work tells the curator', () => {
  it('names the command that was refused and why', () => {
    expect(curatorErrorMessage(new ImportFileError('not valid CSV at line 3: …'))).toBe('Cannot import: not valid CSV at line 3: …');
    expect(curatorErrorMessage(new ExportFileError('there is no directory /x'))).toBe('Cannot export: there is no directory /x');
    expect(curatorErrorMessage(new RecordsRefusedError(['"nobody": no designer has this id or slug'], 'delete'))).toBe(
      'Cannot delete: nothing was deleted:\n  "nobody": no designer has this id or slug',
    );
    expect(curatorErrorMessage(new ImportValidationError([{ line: 3, record: 3, field: 'category', message: 'must be one of product' }]))).toMatch(
      /^Invalid record; nothing was imported:\n {2}line 3/,
    );
  });

  it('says a write whose every run Postgres ended as a deadlock wrote nothing and may run again', () => {
    const repeated = new RepeatedDeadlockError(5, { cause: pgError('40P01', 'deadlock detected') });
    expect(curatorErrorMessage(repeated)).toMatch(/^Nothing was written: .*deadlock.* Run it again once that one has finished\.$/);
  });

  it('leaves every other failure, a deadlock that was not retried among them, to be reported as a crash or a lost service', () => {
    const others = [new TypeError('x is undefined'), pgError('23505', 'duplicate key'), pgError('57P01', 'terminating connection'), pgError('40P01', 'deadlock detected')];
    expect(others.map(curatorErrorMessage)).toEqual([null, null, null, null]);
  });
});
