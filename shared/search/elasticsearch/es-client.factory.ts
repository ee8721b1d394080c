import { Client } from '@elastic/elasticsearch';

export function createElasticsearchClient(options: { url: string; requestTimeoutMs: number }): Client {
  // One retry on another node; a caller waiting longer than the timeout gets a 503, not a hang.
  return new Client({ node: options.url, requestTimeout: options.requestTimeoutMs, maxRetries: 1 });
}
