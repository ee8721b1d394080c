import type { WriteResult } from '../ports/document-writer.port.ts';

/** Elasticsearch refused a write. permanent: the document itself was rejected (retrying cannot help). */
export class IndexWriteError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'IndexWriteError';
  }
}

/** Elasticsearch could not take part of a batch for now; the whole batch is retried (writes are versioned). */
export class BatchWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchWriteError';
  }
}

/** 400 and 413: the document itself was refused. Anything else (a missing alias, overload) can pass. */
export function isPermanentFailure(failure: WriteResult['failed'][number]): boolean {
  return failure.status === 400 || failure.status === 413;
}
