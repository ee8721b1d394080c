import { Client, ClusterConnectionPool } from '@elastic/elasticsearch';

export interface ElasticsearchClientOptions {
  /** One node's URL, or the node pool (ELASTICSEARCH_URL as config parses it). */
  url: string | readonly string[];
  requestTimeoutMs: number;
  /** Learn the other nodes of the cluster at start and after a connection fault (ES_SNIFF). */
  sniff?: boolean;
}

export function createElasticsearchClient(options: ElasticsearchClientOptions): Client {
  const nodes = typeof options.url === 'string' ? [options.url] : [...options.url];
  if (nodes.length === 1 && !options.sniff) {
    // One retry; a caller waiting longer than the timeout gets a 503, not a hang.
    return new Client({ node: nodes[0], requestTimeout: options.requestTimeoutMs, maxRetries: 1 });
  }
  // A node that refuses or drops a connection (or answers 502-504) is marked dead and the request is
  // retried on the next one, so one dead node costs no failed request; the cluster pool then leaves it out
  // until a background ping finds it back, after 1 minute, then 2, 4... (the default weighted pool would
  // keep sending it a share of the requests). A time-out is not retried: the caller's budget is one SEARCH_TIMEOUT_MS.
  return new Client({
    nodes,
    requestTimeout: options.requestTimeoutMs,
    maxRetries: Math.max(1, nodes.length - 1),
    ConnectionPool: ClusterConnectionPool,
    resurrectStrategy: 'ping',
    ...(options.sniff ? { sniffOnStart: true, sniffOnConnectionFault: true, sniffInterval: 60_000 } : {}),
  });
}
