import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, perClientDefault } from './config.schema.ts';

describe('loadConfig', () => {
  it('has working defaults and picks postgres search without an Elasticsearch URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      ES_INDEX_PREFIX: '',
      SEARCH_TIMEOUT_MS: 3000,
      CACHE_MAX_AGE_SECONDS: 60,
      KEEP_ALIVE_TIMEOUT_SECONDS: 65,
      SEARCH_BACKEND: 'postgres',
      MCP_ALLOWED_ORIGINS: [],
    });
  });

  it('picks Elasticsearch when its URL is set, and coerces numbers', () => {
    const config = loadConfig({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', PORT: '8080', SEARCH_TIMEOUT_MS: '500' });
    expect(config.SEARCH_BACKEND).toBe('elasticsearch');
    expect(config.PORT).toBe(8080);
    expect(config.SEARCH_TIMEOUT_MS).toBe(500);
  });

  it('derives PUBLIC_BASE_URL from PORT when it is unset or blank, and keeps an explicit one', () => {
    expect(loadConfig({ PORT: '3720' }).PUBLIC_BASE_URL).toBe('http://localhost:3720');
    expect(loadConfig({ PORT: '3720', PUBLIC_BASE_URL: ' ' }).PUBLIC_BASE_URL).toBe('http://localhost:3720');
    expect(loadConfig({ PORT: '3720', PUBLIC_BASE_URL: 'https://designers.example' }).PUBLIC_BASE_URL).toBe(
      'https://designers.example',
    );
  });

  it('treats a blank URL as unset', () => {
    expect(loadConfig({ ELASTICSEARCH_URL: '  ' }).ELASTICSEARCH_URL).toBeUndefined();
  });

  it('splits comma lists', () => {
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example, https://b.example,' }).MCP_ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('refuses bad values, naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ ES_INDEX_PREFIX: 'Bad Prefix' })).toThrow(/ES_INDEX_PREFIX/);
    expect(() => loadConfig({ ELASTICSEARCH_URL: 'not a url' })).toThrow(/ELASTICSEARCH_URL/);
    expect(() => loadConfig({ SEARCH_TIMEOUT_MS: '0' })).toThrow(/SEARCH_TIMEOUT_MS/);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
  });

  it('takes a CURSOR_SECRET of 32 characters or more, refuses a shorter one, and leaves a blank one unset', () => {
    const secret = 'k'.repeat(32);
    expect(loadConfig({ CURSOR_SECRET: secret }).CURSOR_SECRET).toBe(secret);
    expect(loadConfig({ CURSOR_SECRET: ' ' }).CURSOR_SECRET).toBeUndefined();
    expect(loadConfig({}).CURSOR_SECRET).toBeUndefined();
    expect(() => loadConfig({ CURSOR_SECRET: 'k'.repeat(31) })).toThrow(/CURSOR_SECRET: must be at least 32 characters/);
  });

  it('says what each bad value should be, instead of zod\'s "expected number, received NaN"', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(message({ PORT: 'abc' })).toBe('Invalid configuration:\n  PORT: must be a whole number from 0 to 65535');
    for (const port of ['70000', '1.5', 'Infinity', '-1']) expect(message({ PORT: port })).toMatch(/PORT: must be a whole number from 0 to 65535$/);
    expect(message({ SEARCH_TIMEOUT_MS: '0' })).toMatch(/SEARCH_TIMEOUT_MS: must be a whole number of at least 1$/);
    expect(message({ REINDEX_LOCK_MS: '10' })).toMatch(/REINDEX_LOCK_MS: must be a whole number of at least 1000$/);
    expect(message({ LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent$/);
    expect(message({ SEARCH_BACKEND: 'mysql' })).toMatch(/SEARCH_BACKEND: must be one of elasticsearch, postgres$/);
    expect(message({ ELASTICSEARCH_URL: 'notaurl' })).toMatch(
      /ELASTICSEARCH_URL: must be an absolute http\(s\) URL or a comma-separated list of them, such as http:\/\/127\.0\.0\.1:9200 or http:\/\/es-1:9200,http:\/\/es-2:9200$/,
    );
    // Each service's example is of its own kind.
    expect(message({ DATABASE_URL: 'not a url' })).toMatch(/DATABASE_URL: must be an absolute URL, such as postgres:\/\/user@127\.0\.0\.1:5432\/directory$/);
    expect(message({ REDIS_URL: 'not a url' })).toMatch(/REDIS_URL: must be an absolute URL, such as redis:\/\/127\.0\.0\.1:6379$/);
    // Every problem at once, one line each.
    expect(message({ PORT: 'x', WORKER_PORT: 'y', LOG_LEVEL: 'z' }).split('\n')).toHaveLength(4);
  });

  it('treats a blank setting as unset, numbers and choices too (PORT= listened on a random port)', () => {
    const config = loadConfig({ PORT: '', WORKER_CONCURRENCY: ' ', LOG_LEVEL: '', NODE_ENV: '', SEARCH_BACKEND: '', CACHE_MAX_AGE_SECONDS: '' });
    expect(config).toMatchObject({
      PORT: 3000,
      WORKER_CONCURRENCY: 8,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      SEARCH_BACKEND: 'postgres',
      CACHE_MAX_AGE_SECONDS: 60,
      PUBLIC_BASE_URL: 'http://localhost:3000',
    });
    expect(loadConfig({ PORT: '0', RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({ PORT: 0, RATE_LIMIT_PER_MINUTE: 0 });
  });

  it('takes ELASTICSEARCH_URL as one node or a comma-separated node pool, blanks and spaces ignored', () => {
    expect(loadConfig({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200' }).ELASTICSEARCH_URL).toEqual(['http://127.0.0.1:9200']);
    const config = loadConfig({ ELASTICSEARCH_URL: ' http://es-1:9200, https://user:pw@es-2:9200 ,http://es-3:9200,' });
    expect(config.ELASTICSEARCH_URL).toEqual(['http://es-1:9200', 'https://user:pw@es-2:9200', 'http://es-3:9200']);
    expect(config.SEARCH_BACKEND).toBe('elasticsearch');
  });

  it('names the node of an ELASTICSEARCH_URL list that is not an http(s) URL, never echoing it (it may hold a password)', () => {
    const failure = (value: string) => {
      try {
        loadConfig({ ELASTICSEARCH_URL: value });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`accepted ${value}`);
    };
    expect(failure('http://es-1:9200,es-2:9200,http://es-3:9200')).toBe(
      'Invalid configuration:\n  ELASTICSEARCH_URL: node 2 of the 3 listed must be an absolute http(s) URL, such as http://127.0.0.1:9200',
    );
    expect(failure('http://es-1:9200,redis://secret@es-2:6379')).not.toContain('secret');
    expect(failure('http://es-1:9200 http://es-2:9200')).toMatch(/ELASTICSEARCH_URL: must be an absolute http\(s\) URL or a comma-separated list/);
    // Two bad nodes: one line each.
    expect(failure('a,b').split('\n')).toHaveLength(3);
  });

  it('gives every index the configured shards and replicas: a number, or an auto-expand range (default 0-1)', () => {
    expect(loadConfig({})).toMatchObject({ ES_INDEX_REPLICAS: '0-1', ES_INDEX_SHARDS: 1, ES_SNIFF: 'off' });
    expect(loadConfig({ ES_INDEX_REPLICAS: '1', ES_INDEX_SHARDS: '3', ES_SNIFF: 'on' })).toMatchObject({ ES_INDEX_REPLICAS: 1, ES_INDEX_SHARDS: 3, ES_SNIFF: 'on' });
    expect(loadConfig({ ES_INDEX_REPLICAS: '0-all' }).ES_INDEX_REPLICAS).toBe('0-all');
    expect(loadConfig({ ES_INDEX_REPLICAS: ' ' }).ES_INDEX_REPLICAS).toBe('0-1');
    for (const bad of ['one', '-1', '1.5', '2-1', '0-', 'all']) {
      expect(() => loadConfig({ ES_INDEX_REPLICAS: bad })).toThrow(/ES_INDEX_REPLICAS: /);
    }
    expect(() => loadConfig({ ES_INDEX_SHARDS: '0' })).toThrow(/ES_INDEX_SHARDS: must be a whole number from 1 to 1024/);
  });

  it('takes a per-client in-flight bound up to the global one; unset, half the cores (at least 1, at most the global one)', () => {
    expect(loadConfig({}).MAX_IN_FLIGHT_PER_CLIENT).toBe(perClientDefault(256));
    expect(perClientDefault(256, 2)).toBe(1);
    expect(perClientDefault(256, 1)).toBe(1);
    expect(perClientDefault(256, 16)).toBe(8);
    expect(perClientDefault(4, 16)).toBe(4);
    expect(loadConfig({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '8' }).MAX_IN_FLIGHT_PER_CLIENT).toBe(8);
    expect(() => loadConfig({ MAX_IN_FLIGHT_PER_CLIENT: '0' })).toThrow(/MAX_IN_FLIGHT_PER_CLIENT: must be a whole number of at least 1/);
    expect(() => loadConfig({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '9' })).toThrow(/MAX_IN_FLIGHT_PER_CLIENT: must be at most MAX_IN_FLIGHT_REQUESTS \(8\)/);
  });

  it('requires an Elasticsearch URL when Elasticsearch is chosen explicitly', () => {
    expect(() => loadConfig({ SEARCH_BACKEND: 'elasticsearch' })).toThrow(/ELASTICSEARCH_URL: required/);
  });
});
