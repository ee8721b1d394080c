/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { pathWithQuery } from './site-urls.ts';

export interface ErrorPageProps {
  status: 400 | 404 | 405 | 429 | 500 | 503;
  message: string;
  /** Words the address held, offered as a search of the directory (a profile address that names no one). */
  searchFor?: string | undefined;
}

const TITLES: Record<ErrorPageProps['status'], string> = {
  400: 'This address is not valid',
  404: 'Page not found',
  405: 'Method not allowed',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'The directory is busy',
};

export const errorPageTitle = (status: ErrorPageProps['status']) => TITLES[status];

export function ErrorPage({ status, message, searchFor }: ErrorPageProps) {
  return (
    <>
      <h1>{TITLES[status]}</h1>
      <p class="lead">{message}</p>
      {searchFor ? (
        <p>
          Search the directory for <a href={pathWithQuery('/', { q: searchFor })}>“{searchFor}”</a>, or{' '}
          <a href="/open-roles">browse open roles</a>.
        </p>
      ) : (
        <p>
          <a href="/">Search the directory</a> or <a href="/open-roles">browse open roles</a>.
        </p>
      )}
    </>
  );
}
