import { type AddressInfo, createServer } from 'node:net';

/** A loopback port nothing listens on (bound once, then released): connecting is refused, as to a killed node. */
export async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
