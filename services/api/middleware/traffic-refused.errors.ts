/**
 * The API declined a request to protect itself: 503 when it is overloaded, 429 when the client is over its
 * rate. The guard has already set Retry-After and Cache-Control; each surface's error handler only words
 * the answer in its own format (a JSON envelope, an HTML page).
 */
export class TrafficRefusedError extends Error {
  readonly status: 429 | 503;
  constructor(status: 429 | 503, message: string) {
    super(message);
    this.name = 'TrafficRefusedError';
    this.status = status;
  }
}
