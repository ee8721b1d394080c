import { type Queue, QueueEvents } from 'bullmq';
import { createRedisConnection } from './redis-connection.factory.ts';

/** The steps of an unfinished job a follower may want to show. */
const STEPS = ['active', 'progress', 'stalled', 'waiting', 'delayed'] as const;

export interface JobWaitListeners {
  /** Each step the job takes meanwhile. */
  onStep?: () => void;
  /** The connection to Redis was lost (false), or is back after a loss (true); once per change. */
  onConnection?: (up: boolean) => void;
}

/**
 * Waits until a job has finished (completed or failed for good), on the queue's event stream rather than
 * by polling it; a retry or a crashed worker's hand-over is not an end. A Redis outage is waited out, and
 * reported through onConnection so that a person following the job is not left looking at a frozen bar.
 * Returns at once for a job that does not exist; the caller reads the outcome from the job afterwards.
 */
export async function waitForJob(queue: Queue, id: string, redisUrl: string, listeners: JobWaitListeners = {}): Promise<void> {
  const { onStep = () => undefined, onConnection = () => undefined } = listeners;
  // QueueEvents blocks reading the stream, so it needs a connection of its own, one without a command
  // timeout that waits out a Redis outage (the worker kind).
  const connection = createRedisConnection(redisUrl, 'worker');
  connection.on('error', () => undefined); // QueueEvents reconnects and reads on
  let lost = false;
  let closing = false;
  connection.on('close', () => {
    if (lost || closing) return;
    lost = true;
    onConnection(false);
  });
  connection.on('ready', () => {
    if (!lost) return;
    lost = false;
    onConnection(true);
  });
  const events = new QueueEvents(queue.name, { connection, prefix: queue.opts.prefix });
  events.on('error', () => undefined);
  const step = (args: { jobId: string }) => {
    if (args.jobId === id) onStep();
  };
  for (const name of STEPS) events.on(name, step);
  try {
    const job = await queue.getJob(id);
    if (!job) return;
    // It checks whether the job finished before the stream was being read, so no end is missed. A
    // failure rejects; the caller reads it from the job like any other outcome.
    await job.waitUntilFinished(events).catch(() => undefined);
  } finally {
    closing = true;
    await events.close();
    connection.disconnect();
  }
}
