import { afterAll, beforeAll } from 'vitest';
import type { ContractEngine, LoadedEngine } from './engines.ts';
import type { DesignerFixture } from './fixtures.ts';

/**
 * Loads `engine` with the contract fixtures and `extra` designers before the suite's tests (unless it cannot
 * run here) and closes it after; call inside the suite's describe. Returns the loaded engine, and the slugs
 * of the first 20 designers a free-text query finds, in order.
 */
export function withExtraDesigners(engine: ContractEngine, extra: readonly DesignerFixture[]): { loaded: () => LoadedEngine; slugs: (q: string) => Promise<string[]> } {
  let loaded: LoadedEngine | undefined;
  beforeAll(async () => {
    if (engine.unavailable()) return;
    loaded = await engine.load();
    for (const fixture of extra) await loaded.addDesigner(fixture);
  }, 300_000);
  afterAll(async () => {
    await loaded?.close();
  });
  const get = () => {
    if (!loaded) throw new Error(`${engine.name} is not loaded`);
    return loaded;
  };
  return { loaded: get, slugs: async (q) => (await get().search.searchDesigners({ q }, { limit: 20, offset: 0 })).items.map((d) => d.slug) };
}
