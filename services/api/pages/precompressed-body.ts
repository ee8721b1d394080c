import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';

/** negotiator 1.x's encoding(), with the server's preference on a tie (its DefinitelyTyped types predate it). */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A static body compressed once, on its first request, instead of by the compression middleware on every
 * request: Redoc's bundle is 1.1 MB, which costs ~22 ms of CPU to gzip, so each cheap request would buy an
 * expensive answer. Each client gets brotli, gzip or the plain bytes, as its Accept-Encoding prefers;
 * `no-transform` keeps the middleware (and proxies) off the plain bytes.
 */
export function precompressedBody(load: () => Buffer, type: string): (req: Request, res: Response) => void {
  let variants: Record<Encoding, Buffer> | undefined;
  const compressed = (): Record<Encoding, Buffer> => {
    if (variants) return variants;
    const identity = load();
    variants = {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return variants;
  };
  return (req, res) => {
    // On a tie of the client's weights ("gzip, deflate, br", as browsers send it), brotli: it is smaller.
    const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
    const encoding = (negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] }) ?? 'identity') as Encoding;
    const body = compressed()[encoding];
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', `${String(res.getHeader('Cache-Control') ?? 'public')}, no-transform`);
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.type(type).send(body);
  };
}
