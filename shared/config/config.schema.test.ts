import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.schema.ts';

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

  it('requires an Elasticsearch URL when Elasticsearch is chosen explicitly', () => {
    expect(() => loadConfig({ SEARCH_BACKEND: 'elasticsearch' })).toThrow(/ELASTICSEARCH_URL: required/);
  });
});
