import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one API process, on its own registry (no global state), served at /metrics. */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'route'>;
  readonly shed: Counter<'reason'>;
  readonly inFlight: Gauge;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route (the matched pattern, not the raw path) and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'From the request arriving to its response finishing.',
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.shed = new Counter({
      name: 'http_requests_shed_total',
      help: 'Requests refused: overload (503: in-flight, loop-delay), a client past its share of the in-flight bound (429: client-share) or the per-client rate limit (429: rate-limit).',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    this.inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests under /api being served now.',
      registers: [this.registry],
    });
  }
}
