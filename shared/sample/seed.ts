import type { Config } from '../config/config.schema.ts';
import { createElasticsearchClient } from '../search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../search/elasticsearch/es-index.manager.ts';
import { indexNames } from '../search/elasticsearch/index-names.ts';
import { generateSampleDirectory } from './sample-directory.ts';

/** Writes the sample directory straight into the search indices through the worker's document code. */
export async function seedSearchIndex(
  config: Pick<Config, 'ELASTICSEARCH_URL' | 'ES_INDEX_PREFIX' | 'PUBLIC_BASE_URL'>,
  counts: { designers: number; openRoles: number },
): Promise<{ designers: number; openRoles: number }> {
  if (!config.ELASTICSEARCH_URL) throw new Error('ELASTICSEARCH_URL is not set');
  const client = createElasticsearchClient({ url: config.ELASTICSEARCH_URL, requestTimeoutMs: 30_000 });
  try {
    const names = indexNames(config.ES_INDEX_PREFIX);
    const manager = new ElasticsearchIndexManager(client, names);
    await manager.ensureIndices();
    const sample = generateSampleDirectory({ publicBaseUrl: config.PUBLIC_BASE_URL, ...counts });
    const writer = new ElasticsearchDocumentWriter(client, names);
    const d = await writer.indexDesigners(sample.designers);
    const r = await writer.indexOpenRoles(sample.openRoles);
    const failed = [...d.failed, ...r.failed];
    if (failed.length) throw new Error(`Seeding failed for ${failed.length} documents: ${failed[0]?.reason}`);
    await manager.refresh();
    return { designers: sample.designers.length, openRoles: sample.openRoles.length };
  } finally {
    await client.close();
  }
}
